using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Json;

namespace RefitStj.Serialization;

/// <summary>
/// Reads and writes Refit's <see cref="ProblemDetails"/> (RFC 7807) by hand, under any options: Refit 16.4 reads an
/// application/problem+json error body through the content serializer, and a source-generated context either lacks the
/// type or fails on its <c>[JsonExtensionData]</c> dictionary. Reads as Refit's reflection-based default does: members
/// by name, ignoring case; <c>errors</c> as lists of messages; every other member an extension, its value a bool, long,
/// double, <see cref="DateTime"/> or string where it is one, null for null, else a <see cref="JsonElement"/>.
/// </summary>
internal sealed class ProblemDetailsConverter : JsonConverter<ProblemDetails>
{
    /// <summary>Metadata for <see cref="ProblemDetails"/> that needs nothing from <paramref name="options"/>' resolver.</summary>
    public static JsonTypeInfo<ProblemDetails> CreateTypeInfo(JsonSerializerOptions options) =>
        JsonMetadataServices.CreateValueInfo<ProblemDetails>(options, new ProblemDetailsConverter());

    public override ProblemDetails? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType == JsonTokenType.Null)
        {
            return null;
        }

        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw ReadErrors.Reason("Problem details must be a JSON object.");
        }

        var problem = new ProblemDetails();
        using var document = JsonDocument.ParseValue(ref reader);
        foreach (var member in document.RootElement.EnumerateObject())
        {
            Read(problem, member);
        }

        return problem;
    }

    public override void Write(Utf8JsonWriter writer, ProblemDetails value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(value);
        writer.WriteStartObject();
        WriteString(writer, "type", value.Type);
        WriteString(writer, "title", value.Title);
        writer.WriteNumber("status", value.Status);
        WriteString(writer, "detail", value.Detail);
        WriteString(writer, "instance", value.Instance);
        writer.WriteStartObject("errors");
        foreach (var (field, messages) in value.Errors)
        {
            writer.WriteStartArray(field);
            foreach (var message in messages)
            {
                writer.WriteStringValue(message);
            }

            writer.WriteEndArray();
        }

        writer.WriteEndObject();
        foreach (var (name, extension) in value.Extensions)
        {
            writer.WritePropertyName(name);
            WriteExtension(writer, extension, options);
        }

        writer.WriteEndObject();
    }

    private static void Read(ProblemDetails problem, JsonProperty member)
    {
        var value = member.Value;
        switch (member.Name.ToUpperInvariant())
        {
            case "TYPE":
                problem.Type = String(value);
                break;
            case "TITLE":
                problem.Title = String(value);
                break;
            case "STATUS":
                problem.Status = value.ValueKind == JsonValueKind.String
                    ? int.Parse(value.GetString()!, NumberStyles.Integer, CultureInfo.InvariantCulture)
                    : value.GetInt32();
                break;
            case "DETAIL":
                problem.Detail = String(value);
                break;
            case "INSTANCE":
                problem.Instance = String(value);
                break;
            case "ERRORS" when value.ValueKind == JsonValueKind.Object:
                foreach (var field in value.EnumerateObject())
                {
                    problem.Errors[field.Name] = Messages(field.Value);
                }

                break;
            case "ERRORS":
                break;
            default:
                problem.Extensions[member.Name] = Extension(value)!;
                break;
        }
    }

    private static string? String(JsonElement value) => value.ValueKind == JsonValueKind.Null ? null : value.GetString();

    private static string[] Messages(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Array => [.. value.EnumerateArray().Select(Message)],
        JsonValueKind.Null => [],
        _ => [Message(value)],
    };

    private static string Message(JsonElement value) => value.ValueKind == JsonValueKind.String ? value.GetString()! : value.GetRawText();

    private static object? Extension(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Null => null,
        JsonValueKind.True => true,
        JsonValueKind.False => false,
        JsonValueKind.Number when value.TryGetInt64(out var integer) => integer,
        JsonValueKind.Number => value.GetDouble(),
        JsonValueKind.String when value.TryGetDateTime(out var date) => date,
        JsonValueKind.String => value.GetString()!,
        _ => value.Clone(),
    };

    private static void WriteString(Utf8JsonWriter writer, string name, string? value)
    {
        if (value is not null)
        {
            writer.WriteString(name, value);
        }
    }

    private static void WriteExtension(Utf8JsonWriter writer, object? value, JsonSerializerOptions options)
    {
        switch (value)
        {
            case null:
                writer.WriteNullValue();
                break;
            case JsonElement element:
                element.WriteTo(writer);
                break;
            case string text:
                writer.WriteStringValue(text);
                break;
            case bool flag:
                writer.WriteBooleanValue(flag);
                break;
            case long integer:
                writer.WriteNumberValue(integer);
                break;
            case double number:
                writer.WriteNumberValue(number);
                break;
            case DateTime date:
                writer.WriteStringValue(date);
                break;
            default:
                JsonSerializer.Serialize(writer, value, options.TryGetTypeInfo(value.GetType(), out var typeInfo)
                    ? typeInfo
                    : throw new NotSupportedException(MetadataErrors.NoMetadata(value.GetType(), options, ", a problem details extension")));
                break;
        }
    }
}
