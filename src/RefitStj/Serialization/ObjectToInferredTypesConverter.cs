using System.Text.Json;
using System.Text.Json.Serialization;

namespace RefitStj.Serialization;

/// <summary>
/// Reads <see cref="object"/> values as the closest CLR type and writes them by their runtime type,
/// the way Refit's built-in default does, so <c>object</c> members mean the same thing after switching.
/// </summary>
internal sealed class ObjectToInferredTypesConverter : JsonConverter<object>
{
    public override object? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        reader.TokenType switch
        {
            JsonTokenType.True => true,
            JsonTokenType.False => false,
            JsonTokenType.Number when reader.TryGetInt64(out var integer) => integer,
            JsonTokenType.Number => reader.GetDouble(),
            JsonTokenType.String when reader.TryGetDateTime(out var dateTime) => dateTime,
            JsonTokenType.String => reader.GetString(),
            _ => JsonElement.ParseValue(ref reader),
        };

    public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options)
    {
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
