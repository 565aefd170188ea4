using System.Net;
using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

/// <summary>
/// An application/problem+json error through a real Refit client: Refit reads it as <see cref="ProblemDetails"/> through
/// the content serializer. Over the reflection defaults and over a context that does not know the type, RefitStj gives
/// the <see cref="ValidationApiException"/> Refit's own reflection-based serializer gives.
/// </summary>
public sealed class ProblemDetailsConverterTests
{
    private const string Problem = """
        {
          "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
          "title": "One or more validation errors occurred.",
          "status": 400,
          "detail": "See the errors.",
          "instance": "/repos/7",
          "errors": { "Name": ["The Name field is required.", "Too short."], "Kind": ["Unknown kind."] },
          "traceId": "00-abc-01",
          "retryAfter": 30,
          "ratio": 0.5,
          "beta": true,
          "at": "2026-11-26T15:00:00Z",
          "nested": { "a": [1, 2] },
          "none": null
        }
        """;

    public static TheoryData<string> Serializers => ["reflection", "context"];

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Validation_Problem_Arrives_As_Refit_Built_In_Gives_It(string mode)
    {
        var serializer = mode == "context" ? new StjContentSerializer(ProjectContext.Default) : new StjContentSerializer();

        var expected = await ProblemAsync(RefitControl.Settings());
        var actual = await ProblemAsync(new RefitSettings { ContentSerializer = serializer });

        Assert.Equal("One or more validation errors occurred.", actual.Title);
        Assert.Equal(
            (expected.Type, expected.Title, expected.Status, expected.Detail, expected.Instance),
            (actual.Type, actual.Title, actual.Status, actual.Detail, actual.Instance));
        Assert.Equal(expected.Errors.OrderBy(e => e.Key), actual.Errors.OrderBy(e => e.Key));
        Assert.Equal(Describe(expected.Extensions), Describe(actual.Extensions));
        Assert.Equal(7, actual.Extensions.Count);
    }

    [Fact]
    public async Task Writing_Gives_Every_Member_As_Json_Refit_Reads_Back_The_Same()
    {
        var serializer = new StjContentSerializer(ProjectContext.Default);
        var problem = serializer.DeserializeFromString<ProblemDetails>(Problem)!;

        using var written = serializer.ToHttpContent(problem);
        var json = await written.ReadAsStringAsync();

        Assert.Equal(
            """{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"detail":"See the errors.","instance":"/repos/7","errors":{"Name":["The Name field is required.","Too short."],"Kind":["Unknown kind."]},"traceId":"00-abc-01","retryAfter":30,"ratio":0.5,"beta":true,"at":"2026-11-26T15:00:00Z","nested":{"a":[1,2]},"none":null}""",
            json);
        var refit = RefitControl.Serializer();
        var expected = await ReadWithRefitAsync(refit, Problem);
        var again = await ReadWithRefitAsync(refit, json);
        Assert.Equal(Describe(expected.Extensions), Describe(again.Extensions));
        Assert.Equal(expected.Errors, again.Errors);
        Assert.Equal((expected.Type, expected.Title, expected.Status, expected.Detail, expected.Instance), (again.Type, again.Title, again.Status, again.Detail, again.Instance));
    }

    [Theory]
    [InlineData("\"404\"", 404)]
    [InlineData("\"-1\"", -1)]
    [InlineData("404", 404)]
    public async Task A_Status_Reads_From_A_Number_Or_A_String_As_Refit_Default_Does(string status, int expected)
    {
        var json = $$"""{"status":{{status}}}""";

#if REFIT17
        // Refit 17's defaults read no number from a string (and its client parses problem+json itself, not through RefitStj).
        if (status.StartsWith('"'))
        {
            await Assert.ThrowsAsync<JsonException>(() => RefitReadsAsync(json));
        }
        else
        {
            Assert.Equal(expected, (await RefitReadsAsync(json)).Status);
        }
#else
        Assert.Equal(expected, (await RefitReadsAsync(json)).Status);
#endif
        Assert.Equal(expected, new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>(json)!.Status);
    }

    [Theory]
    [InlineData("\"four\"")]
    [InlineData("\"4.5\"")]
    [InlineData("\"99999999999\"")]
    [InlineData("4.5")]
    [InlineData("true")]
    [InlineData("null")]
    [InlineData("{}")]
    public async Task A_Status_That_Is_Not_An_Integer_Fails_As_Json_As_In_Refit_Default(string status)
    {
        var json = $$"""{"title":"t","status":{{status}}}""";

        await Assert.ThrowsAsync<JsonException>(() => RefitReadsAsync(json));
        var ex = Assert.Throws<JsonException>(() => new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>(json));
        Assert.Equal(
            $"The response body does not match ProblemDetails: the value {status} at $ (line 1, byte 23) cannot be read as ProblemDetails: The status must be an integer, or a string holding one.",
            ex.Message);
    }

    [Theory]
    [InlineData("title", "3")]
    [InlineData("detail", "[]")]
    [InlineData("type", "{}")]
    public async Task A_Text_Member_That_Is_Not_Text_Fails_As_Json_As_In_Refit_Default(string member, string value)
    {
        var json = $$"""{"{{member}}":{{value}}}""";

        await Assert.ThrowsAsync<JsonException>(() => RefitReadsAsync(json));
        Assert.Throws<JsonException>(() => new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>(json));
    }

    [Fact]
    public void A_Problem_That_Is_Not_An_Object_Fails_As_Json()
    {
        var ex = Assert.Throws<JsonException>(() => new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>("[1]"));

        Assert.Equal("The response body does not match ProblemDetails: the value [1] at $ (line 1, byte 1) cannot be read as ProblemDetails: Problem details must be a JSON object.", ex.Message);
    }

    [Fact]
    public void A_Null_Problem_Reads_As_Null()
    {
        Assert.Null(new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>("null"));
    }

    [Fact]
    public void Error_Messages_That_Are_Not_Strings_Are_Kept_As_Their_Json()
    {
        var problem = new StjContentSerializer(ProjectContext.Default).DeserializeFromString<ProblemDetails>(
            """{"errors":{"Age":[18,true,"too young"],"Name":"required","None":null}}""")!;

        Assert.Equal(["18", "true", "too young"], problem.Errors["Age"]);
        Assert.Equal(["required"], problem.Errors["Name"]);
        Assert.Empty(problem.Errors["None"]);
    }

    [Fact]
    public async Task Writing_An_Extension_Of_A_Type_The_Options_Do_Not_Know_Names_The_Type()
    {
        var problem = new ProblemDetails { Title = "t" };
        problem.Extensions["owner"] = new Unlisted(1);

        var ex = await Assert.ThrowsAsync<NotSupportedException>(async () =>
        {
            using var content = new StjContentSerializer(ProjectContext.Default).ToHttpContent(problem);
            await content.ReadAsStringAsync();
        });

        Assert.StartsWith("The JSON options have no metadata for Unlisted, a problem details extension:", ex.Message, StringComparison.Ordinal);
    }

    private static Task<ProblemDetails> RefitReadsAsync(string json) => ReadWithRefitAsync(RefitControl.Serializer(), json);

    private static async Task<ProblemDetails> ReadWithRefitAsync(SystemTextJsonContentSerializer refit, string json)
    {
        using var content = new StringContent(json, Encoding.UTF8, "application/problem+json");
        return (await refit.FromHttpContentAsync<ProblemDetails>(content))!;
    }

    private static async Task<ProblemDetails> ProblemAsync(RefitSettings settings)
    {
        var handler = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.BadRequest)
        {
            Content = new StringContent(Problem, Encoding.UTF8, "application/problem+json"),
        });
        var api = RestService.ForGenerated<IProjectApi>(Clients.Http(handler), settings);

        var ex = await Assert.ThrowsAsync<ValidationApiException>(() => api.GetProject());
        return ex.Content!;
    }

    // Each extension's CLR type and value (a JsonElement written compactly): what a caller may switch on.
    private static string Describe(IDictionary<string, object> extensions) =>
        string.Join("; ", extensions.OrderBy(e => e.Key, StringComparer.Ordinal).Select(e => $"{e.Key}={e.Value?.GetType().Name}:{(e.Value is JsonElement element ? JsonSerializer.Serialize(element) : Convert.ToString(e.Value, System.Globalization.CultureInfo.InvariantCulture))}"));
}

/// <summary>A type no test context lists.</summary>
public sealed record Unlisted(int Id);
