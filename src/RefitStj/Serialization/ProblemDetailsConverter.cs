using System.Globalization;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>
/// Reads and writes Refit's <see cref="ProblemDetails"/> (RFC 7807) by hand, under any options: Refit 16.4 reads an
/// application/problem+json error body through the content serializer, and a source-generated context either lacks the
/// type or fails on its <c>[JsonExtensionData]</c> dictionary. Reads as Refit's reflection-based default does: members
/// by name, ignoring case; <c>status</c> a number or a string holding one; <c>errors</c> as lists of messages; every other
/// member an extension, its value inferred by <see cref="RefitObjectConverter"/>. A value of the wrong kind is a
/// <see cref="JsonException"/>.
/// </summary>
internal sealed class ProblemDetailsConverter : JsonConverter<ProblemDetails>
{
    /// <summary>Metadata for <see cref="ProblemDetails"/> that needs nothing from <paramref name="options"/>' resolver.</summary>
    public static JsonTypeInfo<ProblemDetails> CreateTypeInfo(JsonSerializerOptions options) =>
        JsonMetadataServices.CreateValueInfo<ProblemDetails>(options, new ProblemDetailsConverter());

    // System.Text.Json answers a JSON null itself (HandleNull is false): Read only meets other values.
    public override ProblemDetails Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartObject)
        {
            throw ReadErrors.Reason("Problem details must be a JSON object.");
        }

        var problem = new ProblemDetails();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var name = reader.GetString()!;
            reader.Read();
            Read(problem, name, ref reader);
        }

        return problem;
    }

    // Called by System.Text.Json only, never with a null writer or value (it writes a null itself).
    public override void Write(Utf8JsonWriter writer, ProblemDetails value, JsonSerializerOptions options)
    {
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

    private static void Read(ProblemDetails problem, string name, ref Utf8JsonReader reader)
    {
        switch (name.ToUpperInvariant())
        {
            case "TYPE":
                problem.Type = reader.GetString();
                break;
            case "TITLE":
                problem.Title = reader.GetString();
                break;
            case "STATUS":
                problem.Status = Status(ref reader);
                break;
            case "DETAIL":
                problem.Detail = reader.GetString();
                break;
            case "INSTANCE":
                problem.Instance = reader.GetString();
                break;
            case "ERRORS":
                ReadValidationErrors(problem, ref reader);
                break;
            default:
                // Refit's default reads [JsonExtensionData] values with its object converter: the same inference here.
                problem.Extensions[name] = RefitObjectConverter.Infer(ref reader)!;
                break;
        }
    }

    private static void ReadValidationErrors(ProblemDetails problem, ref Utf8JsonReader reader)
    {
        using var errors = JsonDocument.ParseValue(ref reader);
        if (errors.RootElement.ValueKind == JsonValueKind.Object)
        {
            foreach (var field in errors.RootElement.EnumerateObject())
            {
                problem.Errors[field.Name] = Messages(field.Value);
            }
        }
    }

    // A number, or a string holding one as Refit's default options (AllowReadingFromString) accept; else a JsonException.
    private static int Status(ref Utf8JsonReader reader) => reader.TokenType switch
    {
        JsonTokenType.Number when reader.TryGetInt32(out var status) => status,
        JsonTokenType.String when int.TryParse(reader.GetString(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var status) => status,
        _ => throw ReadErrors.Reason("The status must be an integer, or a string holding one."),
    };

    private static string[] Messages(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Array => [.. value.EnumerateArray().Select(Message)],
        JsonValueKind.Null => [],
        _ => [Message(value)],
    };

    private static string Message(JsonElement value) => value.ValueKind == JsonValueKind.String ? value.GetString()! : value.GetRawText();

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
