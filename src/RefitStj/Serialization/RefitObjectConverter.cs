using System.Text.Json.Serialization;

namespace RefitStj;

/// <summary>
/// Refit's default format for <see cref="object"/> values: read as the closest CLR type (<see cref="bool"/>,
/// <see cref="long"/>, <see cref="double"/>, <see cref="DateTime"/>, <see cref="string"/>, else <see cref="JsonElement"/>)
/// and written by their runtime type. Name it in <c>[JsonSourceGenerationOptions(Converters = ...)]</c> so a
/// source-generated context reads and writes <c>object</c> members as Refit's built-in serializer does; the context then
/// needs metadata for every runtime type written as an <c>object</c>.
/// </summary>
public sealed class RefitObjectConverter : JsonConverter<object>
{
    /// <summary>Reads the current JSON value as the closest CLR type.</summary>
    /// <param name="reader">The reader, on the value.</param>
    /// <param name="typeToConvert">Ignored: always <see cref="object"/>.</param>
    /// <param name="options">The options in use.</param>
    /// <returns>The value read.</returns>
    public override object? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => Infer(ref reader);

    /// <summary>The inference <see cref="Read"/> makes, for other converters' <c>object</c> values (problem details' extensions).</summary>
    internal static object? Infer(ref Utf8JsonReader reader) =>
        reader.TokenType switch
        {
            JsonTokenType.Null => null,
            JsonTokenType.True => true,
            JsonTokenType.False => false,
            JsonTokenType.Number when reader.TryGetInt64(out var integer) => integer,
            JsonTokenType.Number => reader.GetDouble(),
            JsonTokenType.String when reader.TryGetDateTime(out var dateTime) => dateTime,
            JsonTokenType.String => reader.GetString(),
            _ => JsonElement.ParseValue(ref reader),
        };

    /// <summary>Writes <paramref name="value"/> by its runtime type; a bare <see cref="object"/> as <c>{}</c>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">The options in use; they must have metadata for the runtime type.</param>
    public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(value);
        ArgumentNullException.ThrowIfNull(options);
        var runtimeType = value.GetType();

        // A bare object has nothing to write, and writing it by runtime type would land back here forever.
        if (runtimeType == typeof(object))
        {
            writer.WriteStartObject();
            writer.WriteEndObject();
            return;
        }

        JsonSerializer.Serialize(writer, value, options.GetTypeInfo(runtimeType));
    }
}
