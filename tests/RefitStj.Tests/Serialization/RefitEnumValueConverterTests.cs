using System.Globalization;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

public sealed class RefitEnumValueConverterTests
{
    private readonly StjContentSerializer _serializer = Refit16Wire.Serializer();

    private string Write<T>(T value) => JsonSerializer.Serialize(value, _serializer.Options);

    private T? Read<T>(string json) => _serializer.DeserializeFromString<T>(json);

    [Theory]
    [InlineData(OrderStatus.Pending, "\"pending\"")]
    [InlineData(OrderStatus.InTransit, "\"inTransit\"")]
    [InlineData(OrderStatus.LostInSpace, "\"" + Wire.LostInSpace + "\"")]
    public void Writes_CamelCase_Or_The_Member_Name_Attribute(OrderStatus value, string json)
    {
        Assert.Equal(json, Write(value));
    }

    [Fact]
    public void Writes_Undeclared_Values_And_Flag_Combinations_As_Numbers()
    {
        Assert.Equal("3", Write(Permissions.Read | Permissions.Write));
        Assert.Equal("99", Write((OrderStatus)99));
        Assert.Equal("-7", Write((Temperature)(-7)));
        Assert.Equal("\"freezing\"", Write(Temperature.Freezing));
    }

    [Theory]
    [InlineData("\"inTransit\"", OrderStatus.InTransit)]
    [InlineData("\"InTransit\"", OrderStatus.InTransit)]
    [InlineData("\"INTRANSIT\"", OrderStatus.InTransit)]
    [InlineData("\"" + Wire.LostInSpace + "\"", OrderStatus.LostInSpace)]
    [InlineData("\"LostInSpace\"", OrderStatus.LostInSpace)]
    [InlineData("2", OrderStatus.Delivered)]
    [InlineData("42", (OrderStatus)42)]
    public void Reads_Names_In_Any_Case_And_Numbers(string json, OrderStatus expected)
    {
        Assert.Equal(expected, Read<OrderStatus>(json));
    }

    [Theory]
    [InlineData("-5", Temperature.Freezing)]
    [InlineData("\"mild\"", Temperature.Mild)]
    public void Reads_Signed_Backing_Types(string json, Temperature expected)
    {
        Assert.Equal(expected, Read<Temperature>(json));
    }

    [Theory]
    [InlineData("\"\"")]
    [InlineData("\"   \"")]
    [InlineData("\"teleported\"")]
    [InlineData("true")]
    [InlineData("1.5")]
    [InlineData("256")]
    [InlineData("-1")]
    [InlineData("{}")]
    public void Rejects_Blank_Unknown_Out_Of_Range_And_Wrong_Tokens_With_JsonException(string json)
    {
        var ex = Assert.Throws<JsonException>(() => Read<Permissions>(json));

        Assert.Contains(nameof(Permissions), ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Error_Does_Not_Echo_The_Unknown_Name()
    {
        var ex = Assert.Throws<JsonException>(() => Read<OrderStatus>("\"s3cr3t-token\""));

        // The converter's reason never quotes the value; the read's message quotes the token (shortened) as its subject.
        Assert.DoesNotContain("s3cr3t", ex.InnerException!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Dictionary_Keys_Use_The_Same_Names_And_Read_Back()
    {
        var map = new Dictionary<OrderStatus, int> { [OrderStatus.InTransit] = 1, [(OrderStatus)77] = 2 };

        var json = Write(map);

        Assert.Equal("""{"inTransit":1,"77":2}""", json);
        Assert.Equal(map, Read<Dictionary<OrderStatus, int>>(json));
        Assert.Equal(OrderStatus.Pending, Assert.Single(Read<Dictionary<OrderStatus, int>>("""{"PENDING":5}""")!).Key);
    }

    [Fact]
    public void Unsigned_Dictionary_Keys_Round_Trip_As_Numbers()
    {
        var map = new Dictionary<Permissions, int> { [Permissions.Read | Permissions.Write] = 3 };

        Assert.Equal(map, Read<Dictionary<Permissions, int>>(Write(map)));
    }

    [Fact]
    public void Out_Of_Range_Numeric_Key_Gives_JsonException()
    {
        Assert.Throws<JsonException>(() => Read<Dictionary<Permissions, int>>("""{"300":1}"""));
        Assert.Throws<JsonException>(() => Read<Dictionary<Temperature, int>>("""{"40000":1}"""));
    }

    [Fact]
    public void Every_Backing_Type_Round_Trips_Names_Numbers_And_Keys()
    {
        RoundTrip(Tiny.Low, (Tiny)(-5), "-5", "128");
        RoundTrip(Port.Http, (Port)81, "81", "-1");
        RoundTrip(Mask.All, (Mask)7, "7", "4294967296");
        RoundTrip(Ticks.Min, (Ticks)(-9), "-9", "9223372036854775808");
        RoundTrip(Huge.Max, (Huge)9, "9", "-1");
    }

    [Fact]
    public void Numbers_At_The_Edges_Of_Each_Backing_Type_Are_Read_And_One_Past_Them_Is_Refused()
    {
        AssertRange<Tiny>("-128", "127", "-129", "128");
        AssertRange<Temperature>("-32768", "32767", "-32769", "32768");
        AssertRange<OrderStatus>("-2147483648", "2147483647", "-2147483649", "2147483648");
        AssertRange<Ticks>("-9223372036854775808", "9223372036854775807", "-9223372036854775809", "9223372036854775808");
        AssertRange<Permissions>("0", "255", "-1", "256");
        AssertRange<Port>("0", "65535", "-1", "65536");
        AssertRange<Mask>("0", "4294967295", "-1", "4294967296");
        AssertRange<Huge>("0", "18446744073709551615", "-1", "18446744073709551616");
    }

    [Theory]
    [InlineData("\"1\"")]
    [InlineData("\"-5\"")]
    public void A_Number_In_A_String_Is_Not_An_Enum_Value_But_Is_A_Dictionary_Key(string json)
    {
        Assert.Throws<JsonException>(() => Read<Temperature>(json));
        Assert.Single(Read<Dictionary<Temperature, int>>($$"""{{{json}}:1}""")!);
    }

    [Fact]
    public void A_Numeric_Key_Takes_No_Sign_Or_Space_For_Unsigned_Types_And_Only_A_Sign_For_Signed_Ones()
    {
        Assert.Throws<JsonException>(() => Read<Dictionary<Permissions, int>>("""{"+1":1}"""));
        Assert.Throws<JsonException>(() => Read<Dictionary<Permissions, int>>("""{" 1":1}"""));
        Assert.Equal((Temperature)1, Assert.Single(Read<Dictionary<Temperature, int>>("""{"+1":1}""")!).Key);
        Assert.Throws<JsonException>(() => Read<Dictionary<Temperature, int>>("""{" 1":1}"""));
        Assert.Throws<JsonException>(() => Read<Dictionary<Temperature, int>>("""{"1,000":1}"""));
    }

    [Theory]
    [InlineData("true", "Expected a string or a number for enum Permissions, found True.")]
    [InlineData("{}", "Expected a string or a number for enum Permissions, found StartObject.")]
    [InlineData("\"\"", "An empty string is not a value of enum Permissions.")]
    [InlineData("\"   \"", "An empty string is not a value of enum Permissions.")]
    [InlineData("\"teleported\"", "The string is not a name of enum Permissions.")]
    [InlineData("1.5", "The number is not an integer in the range of enum Permissions.")]
    [InlineData("256", "The number is not an integer in the range of enum Permissions.")]
    [InlineData("-1", "The number is not an integer in the range of enum Permissions.")]
    public void Each_Rejection_Says_Why_And_Names_The_Enum(string json, string message)
    {
        var ex = Assert.Throws<JsonException>(() => Read<Permissions>(json));

        // The reason never quotes the value; the read's message around it quotes the token, shortened.
        Assert.Contains(": " + message, ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("teleported", ex.InnerException!.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("""{" ":1}""", "An empty string is not a value of enum Permissions.")]
    [InlineData("""{"teleported":1}""", "The string is not a name of enum Permissions.")]
    public void A_Rejected_Dictionary_Key_Says_Why_And_Names_The_Enum(string json, string message)
    {
        var ex = Assert.Throws<JsonException>(() => Read<Dictionary<Permissions, int>>(json));

        // The reason never quotes the value; the read's message around it quotes the token, shortened.
        Assert.Contains(": " + message, ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("teleported", ex.InnerException!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_Name_Starting_With_A_Titlecase_Letter_Is_Written_Unchanged_As_Refit_Does()
    {
        var ours = JsonSerializer.Serialize(TitlecaseLead.ǅemal, Fresh().Options);
        using var refits = Refit16Wire.RefitSerializer().ToHttpContent(TitlecaseLead.ǅemal);

        Assert.Equal("ǅemal", JsonSerializer.Deserialize<string>(ours));
        Assert.Equal(await Bodies.TextOf(refits), ours);
    }

#if NET9_0_OR_GREATER
    [Fact]
    public void A_Declared_Name_Reads_Its_Own_Member_Before_A_Wire_Name_That_Differs_Only_In_Case()
    {
        var serializer = Fresh();

        Assert.Equal(CaseClash.ONE, serializer.DeserializeFromString<CaseClash>("\"ONE\""));
        Assert.Equal(CaseClash.Two, serializer.DeserializeFromString<CaseClash>("\"one\""));
    }

    [Fact]
    public void A_Renamed_Member_Still_Reads_From_Its_Declared_Name_In_Any_Case()
    {
        var serializer = Fresh();

        Assert.Equal(Switch.Enabled, serializer.DeserializeFromString<Switch>("\"on\""));
        Assert.Equal(Switch.Enabled, serializer.DeserializeFromString<Switch>("\"Enabled\""));
        Assert.Equal(Switch.Enabled, serializer.DeserializeFromString<Switch>("\"ENABLED\""));
    }
#endif

    // Converters are built once per options instance, so a test of what their construction decides needs its own options.
    private static StjContentSerializer Fresh() => Refit16Wire.Serializer();

    private void AssertRange<TEnum>(string min, string max, string belowMin, string aboveMax)
        where TEnum : struct, Enum
    {
        foreach (var edge in new[] { min, max })
        {
            Assert.Equal(edge, Number(Read<TEnum>(edge)));
            Assert.Equal(edge, Number(Assert.Single(Read<Dictionary<TEnum, int>>($$"""{"{{edge}}":1}""")!).Key));
        }

        foreach (var outside in new[] { belowMin, aboveMax })
        {
            Assert.Throws<JsonException>(() => Read<TEnum>(outside));
            Assert.Throws<JsonException>(() => Read<Dictionary<TEnum, int>>($$"""{"{{outside}}":1}"""));
        }

        static string Number(TEnum value) =>
            Convert.ToString(Convert.ChangeType(value, Enum.GetUnderlyingType(typeof(TEnum)), CultureInfo.InvariantCulture), CultureInfo.InvariantCulture)!;
    }

    private void RoundTrip<TEnum>(TEnum named, TEnum unnamed, string unnamedJson, string outOfRange)
        where TEnum : struct, Enum
    {
        Assert.Equal(named, Read<TEnum>(Write(named)));
        Assert.Equal(unnamedJson, Write(unnamed));
        Assert.Equal(unnamed, Read<TEnum>(unnamedJson));
        Assert.Throws<JsonException>(() => Read<TEnum>(outOfRange));
        var keyed = new Dictionary<TEnum, int> { [named] = 1, [unnamed] = 2 };
        Assert.Equal(keyed, Read<Dictionary<TEnum, int>>(Write(keyed)));
        Assert.Throws<JsonException>(() => Read<Dictionary<TEnum, int>>($$"""{"{{outOfRange}}":1}"""));
    }

    private enum TitlecaseLead
    {
        ǅemal,
    }

#if NET9_0_OR_GREATER
    private enum CaseClash
    {
        ONE,
        [System.Text.Json.Serialization.JsonStringEnumMemberName("one")]
        Two,
    }

    private enum Switch
    {
        Off,
        [System.Text.Json.Serialization.JsonStringEnumMemberName("on")]
        Enabled,
    }
#endif
}
