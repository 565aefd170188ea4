using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using RefitStj.Serialization;

namespace RefitStj;

/// <summary>
/// Refit's default enum format for one enum type, <typeparamref name="TEnum"/> and <c>TEnum?</c>: camelCase names (or
/// <c>[JsonStringEnumMemberName]</c> where the loaded Refit build honours it, .NET 9 and later) written, names in any
/// case and numbers read. Name it in
/// <c>[JsonSourceGenerationOptions(Converters = new[] { typeof(RefitEnumConverter&lt;MyEnum&gt;) })]</c> so a
/// source-generated context puts on the wire what Refit's built-in serializer does; the generator creates it statically,
/// so it is safe to trim and to compile ahead of time.
/// </summary>
/// <typeparam name="TEnum">The enum type.</typeparam>
public sealed class RefitEnumConverter<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields)] TEnum> : JsonConverterFactory
    where TEnum : struct, Enum
{
    /// <summary>Whether <paramref name="typeToConvert"/> is <typeparamref name="TEnum"/> or <c>TEnum?</c>.</summary>
    /// <param name="typeToConvert">The type System.Text.Json asks about.</param>
    /// <returns><see langword="true"/> for <typeparamref name="TEnum"/> and <c>TEnum?</c>.</returns>
    public override bool CanConvert(Type typeToConvert) => typeToConvert == typeof(TEnum) || typeToConvert == typeof(TEnum?);

    /// <summary>Creates the converter for <typeparamref name="TEnum"/> or, with Refit's null and blank rules, <c>TEnum?</c>.</summary>
    /// <param name="typeToConvert"><typeparamref name="TEnum"/> or <c>TEnum?</c>.</param>
    /// <param name="options">The options in use.</param>
    /// <returns>The converter.</returns>
    public override JsonConverter CreateConverter(Type typeToConvert, JsonSerializerOptions options) =>
        typeToConvert == typeof(TEnum) ? new RefitEnumValueConverter<TEnum>() : new RefitNullableEnumConverter<TEnum>();
}
