using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Reading;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Reading;

public sealed class JsonBodyTests
{
    private static readonly JsonTypeInfo<Person> s_person =
        (JsonTypeInfo<Person>)new StjContentSerializer().Options.GetTypeInfo(typeof(Person));

    public static TheoryData<string> BlankBodies => ["", " ", " \t\r\n ", "\uFEFF", "\uFEFF  \n"];

    // Whitespace to .NET but not to JSON, and a second byte order mark: only one is skipped.
    public static TheoryData<string> NotBlankBodies => ["\f", "\v", "\u00A0", "\uFEFF\uFEFF", " \uFEFF"];

    [Theory]
    [MemberData(nameof(BlankBodies))]
    public void A_Body_Of_Json_Whitespace_After_At_Most_One_Bom_Is_Blank_And_Fails_As_Holding_No_Value(string body)
    {
        var utf8 = Encoding.UTF8.GetBytes(body);

        Assert.True(JsonBody.IsBlank(utf8));
        var fromBytes = Assert.Throws<JsonException>(() => JsonBody.Deserialize(utf8, s_person));
        var fromText = Assert.Throws<JsonException>(() => JsonBody.Deserialize(body.AsSpan(), s_person));

        // As Refit's own serializer: no JSON value is an error, since a cut compressed stream can decode to nothing.
        Assert.Contains("so it cannot be read as Person: it holds no JSON value", fromBytes.Message, StringComparison.Ordinal);
        Assert.Equal("$", fromText.Path);
    }

    [Theory]
    [MemberData(nameof(NotBlankBodies))]
    public void Any_Other_Body_Is_Not_Blank_And_Fails_As_Json_On_Both_Paths(string body)
    {
        var utf8 = Encoding.UTF8.GetBytes(body);

        Assert.False(JsonBody.IsBlank(utf8));
        Assert.Throws<JsonException>(() => JsonBody.Deserialize(utf8, s_person));
        Assert.Throws<JsonException>(() => JsonBody.Deserialize(body.AsSpan(), s_person));
    }

    [Fact]
    public void IsBlank_Judges_The_Start_Of_A_Body_As_A_Whole_Body()
    {
        Assert.True(JsonBody.IsBlank("\uFEFF \r\n"u8));
        Assert.False(JsonBody.IsBlank("\uFEFF \r\n{"u8));
    }

    [Fact]
    public void A_Bom_Before_A_Value_Is_Skipped_On_Both_Paths()
    {
        const string json = "\uFEFF{\"name\":\"n\",\"age\":1}";

        Assert.Equal(new Person("n", 1), JsonBody.Deserialize(Encoding.UTF8.GetBytes(json), s_person));
        Assert.Equal(new Person("n", 1), JsonBody.Deserialize(json.AsSpan(), s_person));
    }

    [Fact]
    public void Valid_Json_Of_The_Wrong_Shape_Gives_JsonException_With_Path_Line_And_Inner_Exception_On_Both_Paths()
    {
        const string json = "{\"name\":\"n\",\n\"age\":\"old\"}";

        var fromBytes = Assert.Throws<JsonException>(() => JsonBody.Deserialize(Encoding.UTF8.GetBytes(json), s_person));
        var fromChars = Assert.Throws<JsonException>(() => JsonBody.Deserialize(json.AsSpan(), s_person));

        Assert.All([fromBytes, fromChars], ex =>
        {
            Assert.Equal("$.age", ex.Path);
            Assert.Equal(1, ex.LineNumber);
            Assert.IsType<JsonException>(ex.InnerException);
            Assert.Contains(nameof(Person), ex.Message, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void Trailing_Garbage_Gives_JsonException_On_Both_Paths()
    {
        const string json = "{\"name\":\"n\",\"age\":1} trailing";

        Assert.Throws<JsonException>(() => JsonBody.Deserialize(Encoding.UTF8.GetBytes(json), s_person));
        Assert.Throws<JsonException>(() => JsonBody.Deserialize(json.AsSpan(), s_person));
    }
}
