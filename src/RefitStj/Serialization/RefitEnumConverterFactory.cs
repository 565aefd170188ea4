using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>
/// Writes enums as camelCase names (or their <c>[JsonStringEnumMemberName]</c> where the loaded Refit build honours it)
/// and reads names, in any case, or numbers: Refit's built-in enum format. Values with no declared name, such as flag combinations, travel as numbers.
/// </summary>
internal sealed class RefitEnumConverterFactory : JsonConverterFactory
{
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public RefitEnumConverterFactory()
    {
    }

    public override bool CanConvert(Type typeToConvert) =>
        (Nullable.GetUnderlyingType(typeToConvert) ?? typeToConvert).IsEnum;

    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "The factory's constructor carries RequiresDynamicCode, so only callers that accepted it get here.")]
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "The trimmer keeps every field of an enum it keeps.")]
    [UnconditionalSuppressMessage("Trimming", "IL2071", Justification = "The trimmer keeps every field of an enum it keeps.")]
    public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options)
    {
        var underlying = Nullable.GetUnderlyingType(typeToConvert);
        var converterType = underlying is null
            ? typeof(RefitEnumValueConverter<>).MakeGenericType(typeToConvert)
            : typeof(RefitNullableEnumConverter<>).MakeGenericType(underlying);
        return (JsonConverter)Activator.CreateInstance(converterType)!;
    }
}
