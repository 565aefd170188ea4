using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Errors;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Errors;

[JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)]
public sealed record StrictProject(int Id);

/// <summary>
/// What a failed read says, read through the serializer from a server's content: why the bytes could not be read
/// (too deep, not JSON, another format, not the type), where (line, byte and path), and what the token is.
/// </summary>
public sealed class ReadErrorsTests
{
    // Through the serializer's own options, or (given options) through the JsonTypeInfo<T> overload with them.
    private static async Task<JsonException> FailAsync<T>(string body, string mediaType = "application/json", JsonSerializerOptions? options = null)
    {
        using var content = new ByteArrayContent(Encoding.UTF8.GetBytes(body));
        content.Headers.TryAddWithoutValidation("Content-Type", mediaType);
        var serializer = new StjContentSerializer();
        return await Assert.ThrowsAsync<JsonException>(() => options is null
            ? serializer.FromHttpContentAsync<T>(content)
            : serializer.FromHttpContentAsync(content, (JsonTypeInfo<T>)options.GetTypeInfo(typeof(T))));
    }

    [Fact]
    public async Task A_Body_Nested_Past_The_Maximum_Depth_Says_Where_The_Next_Level_Opens_Without_Quoting_It()
    {
        var ex = await FailAsync<List<JsonElement>>("[" + new string('[', 64) + new string(']', 64) + "]");

        Assert.Equal(
            "The response body nests deeper than the maximum depth of 64 (JsonSerializerOptions.MaxDepth), so it cannot be read as List<JsonElement>: the next level opens at line 1, byte 65, in $[0].",
            ex.Message);
    }

    [Fact]
    public async Task A_Token_That_Is_Not_Json_Is_Quoted_With_The_Path_It_Sits_In()
    {
        var ex = await FailAsync<Person>("""{"age":1,"name":<b>}""");

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: it has '<b>}' at line 1, byte 17, in $.name.", ex.Message);
        Assert.Equal("$.name", ex.Path);
    }

    [Fact]
    public async Task A_Token_That_Is_Not_Json_At_The_Root_Names_No_Path()
    {
        var ex = await FailAsync<Person>("\n  <b>");

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: it has '<b>' at line 2, byte 3.", ex.Message);
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("text/json")]
    [InlineData("TEXT/JSON; charset=utf-8")]
    [InlineData("application/problem+json")]
    public async Task A_Json_Media_Type_Is_Not_Named_As_Another_Format(string mediaType)
    {
        var ex = await FailAsync<Person>("""{"name":<b>}""", mediaType);

        Assert.StartsWith("The response body is not valid JSON, so it cannot be read as Person: it has '<b>}'", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("application/xml")]
    [InlineData("text/jsonp")]
    public async Task Another_Media_Type_Is_Named(string mediaType)
    {
        var ex = await FailAsync<Person>("""{"name":<b>}""", mediaType);

        Assert.StartsWith($"The response body is {mediaType}, not JSON, so it cannot be read as Person", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_Property_The_Type_Does_Not_Have_Is_Quoted_By_Name_And_Given_No_Type()
    {
        var ex = await FailAsync<StrictProject>("""{"id":1,"extra":2}""");

        Assert.Equal("The response body does not match StrictProject: the value \"extra\" at $.extra (line 1, byte 9) cannot be read as the type expected there.", ex.Message);
    }

    // A content made in code is not the server's: StringContent's default text/plain is no reason to call the body another format.
    [Fact]
    public async Task A_String_Content_Is_Not_Named_By_Its_Default_Media_Type()
    {
        using var content = new StringContent("<b>");

        var ex = await Assert.ThrowsAsync<JsonException>(() => new StjContentSerializer().FromHttpContentAsync<Person>(content));

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: it has '<b>' at line 1, byte 1.", ex.Message);
    }

    // The re-scan that finds the token reads as the caller's options do: comments and depth included.
    [Fact]
    public async Task A_Body_With_Comments_The_Options_Allow_Still_Has_Its_Token_Quoted()
    {
        var ex = await FailAsync<Person>("""{"name":"a", /* age: */ "age":"x"}""", options: Options(options => options.ReadCommentHandling = JsonCommentHandling.Skip));

        Assert.Equal("The response body does not match Person: the value \"x\" at $.age (line 1, byte 31) cannot be read as int.", ex.Message);
    }

    [Fact]
    public async Task The_Depth_Named_Is_The_Options_Maximum()
    {
        var ex = await FailAsync<JsonElement>(new string('[', 9) + new string(']', 9), options: Options(options => options.MaxDepth = 8));

        Assert.StartsWith("The response body nests deeper than the maximum depth of 8 (JsonSerializerOptions.MaxDepth)", ex.Message, StringComparison.Ordinal);
    }

    // Neither is a depth error: a bad token at the deepest level allowed, and a bracket out of place near the root.
    [Theory]
    [InlineData("[[[[[[[[1,x]]]]]]]]", 8, "it has 'x]]]]]]]]' at line 1, byte 11.")]
    [InlineData("""{"a":1{}""", 2, "it has '{}' at line 1, byte 7.")]
    public async Task A_Bracket_Or_Token_Within_The_Depth_Allowed_Is_Not_Called_Too_Deep(string body, int maxDepth, string detail)
    {
        var ex = await FailAsync<JsonElement>(body, options: Options(options => options.MaxDepth = maxDepth));

        Assert.StartsWith("The response body is not valid JSON", ex.Message, StringComparison.Ordinal);
        Assert.EndsWith(detail, ex.Message, StringComparison.Ordinal);
    }

    // A position past the bytes at hand (the exception's, not the bytes', lines) is given without a quote.
    [Fact]
    public void A_Position_Past_The_Bytes_At_Hand_Is_Reported_Without_A_Quote()
    {
        var ex = ReadErrors.Describe(new JsonException(null, "$", 3, 0, new JsonException()), Metadata<Person>(), ReadErrors.Body, "{}"u8, headers: null);

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: the error is at line 4, byte 1, in $.", ex.Message);
    }

    // Describe takes any JsonException: one without a path (as Utf8JsonReader throws) is placed at the root.
    [Fact]
    public void A_Failure_Without_A_Path_Is_Reported_At_The_Root()
    {
        var reader = new JsonException("'<' is an invalid start of a value.", path: null, lineNumber: 0, bytePositionInLine: 0);

        var ex = ReadErrors.Describe(new JsonException(null, path: null, 0, 0, reader), Metadata<Person>(), ReadErrors.Body, "<b>"u8, headers: null);

        Assert.Equal("$", ex.Path);
        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: it has '<b>' at line 1, byte 1.", ex.Message);
    }

    // A resolver that throws for a type it does not know (rather than returning null) still gets the message.
    [Fact]
    public void A_Type_Whose_Metadata_Cannot_Be_Had_Is_Left_Unnamed_And_The_Message_Kept()
    {
        var options = new JsonSerializerOptions { TypeInfoResolver = new RefusingResolver() };
        var root = JsonTypeInfo.CreateJsonTypeInfo<Person>(options);
        root.Properties.Add(root.CreateJsonPropertyInfo(typeof(int), "age"));

        var ex = ReadErrors.Describe(new JsonException("no", "$.age", 0, 9), root, ReadErrors.Body, """{"age":"x"}"""u8, headers: null);

        Assert.Equal("The response body does not match Person: the value \"x\" at $.age (line 1, byte 8) cannot be read as the type expected there.", ex.Message);
    }

    private static JsonSerializerOptions Options(Action<JsonSerializerOptions> configure)
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web) { TypeInfoResolver = new DefaultJsonTypeInfoResolver() };
        configure(options);
        return options;
    }

    private static JsonTypeInfo<T> Metadata<T>() => (JsonTypeInfo<T>)Options(_ => { }).GetTypeInfo(typeof(T));

    private sealed class RefusingResolver : IJsonTypeInfoResolver
    {
        public JsonTypeInfo? GetTypeInfo(Type type, JsonSerializerOptions options) =>
            throw new NotSupportedException($"No metadata for {type}.");
    }
}
