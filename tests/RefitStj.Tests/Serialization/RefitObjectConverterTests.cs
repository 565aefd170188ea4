using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

public sealed class RefitObjectConverterTests
{
    private readonly StjContentSerializer _serializer = Refit16Wire.Serializer();

    private object? ReadPayload(string json) => _serializer.DeserializeFromString<Envelope>($$"""{"payload":{{json}}}""")!.Payload;

    [Fact]
    public void Json_True_And_False_Read_As_Those_Booleans()
    {
        Assert.Equal(true, ReadPayload("true"));
        Assert.Equal(false, ReadPayload("false"));
    }

    [Fact]
    public void Integers_Read_As_Int64_And_Other_Numbers_As_Double_With_Their_Values()
    {
        Assert.Equal(9_007_199_254_740_993L, ReadPayload("9007199254740993"));
        Assert.Equal(-3L, ReadPayload("-3"));
        Assert.Equal(4.5, ReadPayload("4.5"));
        Assert.Equal(1e300, ReadPayload("1e300"));
    }

    [Fact]
    public void Strings_Read_As_Dates_When_They_Are_Dates_And_As_Text_Otherwise()
    {
        Assert.Equal(new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc), ReadPayload("\"2026-01-02T03:04:05Z\""));
        Assert.Equal("2026-13-45", ReadPayload("\"2026-13-45\""));
    }

    [Fact]
    public void Arrays_And_Objects_Read_As_Json_Elements_Holding_The_Same_Json()
    {
        Assert.Equal("[1,{\"a\":true}]", Assert.IsType<JsonElement>(ReadPayload("[1,{\"a\":true}]")).GetRawText());
        Assert.Equal("{\"a\":[2]}", Assert.IsType<JsonElement>(ReadPayload("{\"a\":[2]}")).GetRawText());
    }

    [Fact]
    public void Write_Rejects_A_Null_Writer_Value_Or_Options()
    {
        var converter = new RefitObjectConverter();
        using var stream = new MemoryStream();
        using var writer = new Utf8JsonWriter(stream);

        Assert.Equal("writer", Assert.Throws<ArgumentNullException>(() => converter.Write(null!, new object(), JsonSerializerOptions.Default)).ParamName);
        Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => converter.Write(writer, null!, JsonSerializerOptions.Default)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentNullException>(() => converter.Write(writer, 1, null!)).ParamName);
    }
}
