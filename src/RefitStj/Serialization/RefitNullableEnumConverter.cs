using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;

namespace RefitStj.Serialization;

/// <summary>Refit's nullable-enum rules: <c>null</c> and blank strings read as <see langword="null"/>.</summary>
/// <typeparam name="TEnum">The enum type.</typeparam>
internal sealed class RefitNullableEnumConverter<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields)] TEnum>
    : JsonConverter<TEnum?>
    where TEnum : struct, Enum
{
    private readonly RefitEnumValueConverter<TEnum> _inner = new();

    public override bool HandleNull => true;

    public override TEnum? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        Read(ref reader, options, asPropertyName: false);

    public override void Write(Utf8JsonWriter writer, TEnum? value, JsonSerializerOptions options) =>
        Write(writer, value, options, asPropertyName: false);

    public override TEnum? ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        Read(ref reader, options, asPropertyName: true);

    public override void WriteAsPropertyName(Utf8JsonWriter writer, TEnum? value, JsonSerializerOptions options) =>
        Write(writer, value, options, asPropertyName: true);

    // A value and a dictionary key follow one rule: null or blank is null, and a null key is written as the empty name.
    private TEnum? Read(ref Utf8JsonReader reader, JsonSerializerOptions options, bool asPropertyName) =>
        RefitEnumValueConverter<TEnum>.IsNullOrBlank(ref reader) ? null
        : asPropertyName ? _inner.ReadAsPropertyName(ref reader, typeof(TEnum), options)
        : _inner.Read(ref reader, typeof(TEnum), options);

    private void Write(Utf8JsonWriter writer, TEnum? value, JsonSerializerOptions options, bool asPropertyName)
    {
        switch (value)
        {
            case { } present when asPropertyName:
                _inner.WriteAsPropertyName(writer, present, options);
                break;
            case { } present:
                _inner.Write(writer, present, options);
                break;
            case null when asPropertyName:
                writer.WritePropertyName(string.Empty);
                break;
            default:
                writer.WriteNullValue();
                break;
        }
    }
}
