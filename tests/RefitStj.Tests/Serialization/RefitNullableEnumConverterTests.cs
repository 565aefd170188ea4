using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

/// <summary>Refit's nullable-enum rules, through the default options as users get them.</summary>
public sealed class RefitNullableEnumConverterTests
{
    private readonly StjContentSerializer _serializer = Refit16Wire.Serializer();

    private string Write<T>(T value) => JsonSerializer.Serialize(value, _serializer.Options);

    private T? Read<T>(string json) => _serializer.DeserializeFromString<T>(json);

    [Theory]
    [InlineData("null")]
    [InlineData("\"\"")]
    [InlineData("\"  \"")]
    public void Nullable_Reads_Null_And_Blank_As_Null(string json)
    {
        Assert.Null(Read<OrderStatus?>(json));
    }

    [Fact]
    public void Nullable_Reads_And_Writes_Values()
    {
        Assert.Equal(OrderStatus.Delivered, Read<OrderStatus?>("\"delivered\""));
        Assert.Equal("\"delivered\"", Write<OrderStatus?>(OrderStatus.Delivered));
        Assert.Equal("null", Write<OrderStatus?>(null));
    }

    [Fact]
    public void Nullable_Dictionary_Value_Converter_Handles_Keys()
    {
        var json = Write(new Dictionary<string, OrderStatus?> { ["a"] = null, ["b"] = OrderStatus.Pending });

        Assert.Equal("""{"a":null,"b":"pending"}""", json);
    }

    [Fact]
    public void Nullable_Enum_Keys_Read_And_Write_Like_Plain_Ones()
    {
        var converter = (JsonConverter<OrderStatus?>)_serializer.Options.GetConverter(typeof(OrderStatus?));
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartObject();
            converter.WriteAsPropertyName(writer, OrderStatus.InTransit, _serializer.Options);
            writer.WriteNumberValue(1);
            converter.WriteAsPropertyName(writer, null!, _serializer.Options); // no caller of STJ does this; pinned so the converter stays total
            writer.WriteNumberValue(2);
            writer.WriteEndObject();
        }

        Assert.Equal("""{"inTransit":1,"":2}""", Encoding.UTF8.GetString(buffer.WrittenSpan));
        var reader = new Utf8JsonReader("""{"inTransit":1,"  ":2}"""u8);
        reader.Read();
        reader.Read();
        Assert.Equal(OrderStatus.InTransit, converter.ReadAsPropertyName(ref reader, typeof(OrderStatus?), _serializer.Options));
        reader.Read();
        reader.Read();
        Assert.Null(converter.ReadAsPropertyName(ref reader, typeof(OrderStatus?), _serializer.Options));
    }

    [Theory]
    [InlineData("\"\"")]
    [InlineData("\"  \"")]
    public void Nullable_Reads_Blank_As_Null_With_Options_Of_Its_Own(string json)
    {
        Assert.Null(Fresh().DeserializeFromString<OrderStatus?>(json));
        Assert.Null(Fresh().DeserializeFromString<Order>($$"""{"previousStatus":{{json}}}""")!.PreviousStatus);
    }

    // Converters are built once per options instance, so a test of what their construction decides needs its own options.
    private static StjContentSerializer Fresh() => Refit16Wire.Serializer();
}
