using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;

namespace RefitStj.Tests.Suites.Lines;

/// <summary>
/// What a caller got, as one string: a value serialized by fixed options that name every object-typed value's CLR type
/// (a JsonElement and a string write the same JSON), or the exception the call threw.
/// </summary>
internal static class Canonical
{
    private static readonly JsonSerializerOptions s_options = new()
    {
        Converters = { new JsonStringEnumConverter(), new TypedObjectWriter() },
    };

    public static string Of(object? value) => JsonSerializer.Serialize(value, s_options);

    public static async Task<string> Outcome(Func<Task<object?>> call)
    {
        try
        {
            return Of(await call());
        }
        catch (Exception exception)
        {
            return Thrown(exception);
        }
    }

    private static string Thrown(Exception exception)
    {
        var text = "throws " + exception.GetType().Name;
        if (exception is ApiException api)
        {
            text += " " + (int)api.StatusCode;
        }

        if (exception is ValidationApiException { Content: { } problem })
        {
            text += " " + Of(problem);
        }

        for (var inner = exception.InnerException; inner is not null; inner = inner.InnerException)
        {
            text += " <- " + inner.GetType().Name;
        }

        return text;
    }

    private sealed class TypedObjectWriter : JsonConverter<object>
    {
        public override object Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
            throw new NotSupportedException("Canonical strings are only written.");

        public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options)
        {
            writer.WriteStartObject();
            writer.WriteString("clr", value.GetType().Name);
            writer.WritePropertyName("value");
            JsonSerializer.Serialize(writer, value, value.GetType(), options);
            writer.WriteEndObject();
        }
    }
}
