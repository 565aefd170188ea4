using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace RefitStj.AotTest.Compat;

/// <summary>Writes an <c>object</c> value read by the serializer under test with its CLR type, so the transcript shows it.</summary>
internal sealed class TypedObjectConverter : JsonConverter<object>
{
    public override object Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        throw new NotSupportedException("The description is only written.");

    public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options)
    {
        if (value is JsonElement element)
        {
            writer.WriteStartObject();
            writer.WritePropertyName("JsonElement");
            element.WriteTo(writer);
            writer.WriteEndObject();
            return;
        }

        writer.WriteStringValue(value switch
        {
            bool b => $"bool {b}",
            long l => "long " + l.ToString(CultureInfo.InvariantCulture),
            double d => "double " + d.ToString("R", CultureInfo.InvariantCulture),
            string s => "string " + s,
            // A Local value is shown as UTC, so the transcript does not depend on the machine's time zone.
            DateTime t => $"DateTime {(t.Kind == DateTimeKind.Local ? t.ToUniversalTime() : t).ToString("O", CultureInfo.InvariantCulture)} {t.Kind}",
            _ => "unexpected " + value.GetType().Name,
        });
    }
}
