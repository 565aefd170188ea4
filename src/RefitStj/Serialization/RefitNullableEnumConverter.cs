using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
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
        RefitEnumValueConverter<TEnum>.IsNullOrBlank(ref reader) ? null : _inner.Read(ref reader, typeof(TEnum), options);

    public override void Write(Utf8JsonWriter writer, TEnum? value, JsonSerializerOptions options)
    {
        if (value is { } present)
        {
            _inner.Write(writer, present, options);
        }
        else
        {
            writer.WriteNullValue();
        }
    }

    public override TEnum? ReadAsPropertyName(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        RefitEnumValueConverter<TEnum>.IsNullOrBlank(ref reader) ? null : _inner.ReadAsPropertyName(ref reader, typeof(TEnum), options);

    public override void WriteAsPropertyName(Utf8JsonWriter writer, TEnum? value, JsonSerializerOptions options)
    {
        if (value is { } present)
        {
            _inner.WriteAsPropertyName(writer, present, options);
        }
        else
        {
            writer.WritePropertyName(string.Empty);
        }
    }
}
