using System.Net;
using Microsoft.AspNetCore.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public enum ProjectKind
{
    Public,
    Private,
}

public sealed record Project(int Id, string? Name, ProjectKind Kind);

public interface IProjectApi
{
    [Get("/projects")]
    Task<List<Project>> GetProjects();

    [Get("/project")]
    Task<Project> GetProject();

    [Get("/projects")]
    IAsyncEnumerable<Project?> StreamProjects();
}

// The user's context as Refit's format needs it: camelCase, enums as camelCase strings.
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, Converters = [typeof(JsonStringEnumConverter<ProjectKind>)])]
[JsonSerializable(typeof(Project))]
[JsonSerializable(typeof(List<Project>))]
internal sealed partial class ProjectContext : JsonSerializerContext;

/// <summary>
/// What a user reads when a response does not fit, through real Refit clients over reflection (Refit 16's wire) and over a
/// source-generated context: the type, the path, the position, the offending token (shortened) and a media type that is
/// not JSON, inside Refit's ApiException as a JsonException.
/// </summary>
public sealed class ReadErrorMessageTests
{
    public static TheoryData<string> Modes => ["reflection", "context", "fallback"];

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task An_Unknown_Enum_Name_Names_The_Type_Path_Position_And_Value(string mode)
    {
        var ex = await FailAsync(mode, """[{"id":1,"name":"a","kind":"archived"}]""", "application/json", api => api.GetProjects());

        Assert.Equal("The response body does not match List<Project>: the value \"archived\" at $[0].kind (line 1, byte 28) cannot be read as ProjectKind" + Reason(mode), ex.Message);
        Assert.Equal("$[0].kind", ex.Path);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Value_Of_The_Wrong_Type_Says_The_Json_Does_Not_Match_Rather_Than_Not_Valid(string mode)
    {
        var ex = await FailAsync(mode, "{\n  \"id\": {\"big\": true},\n  \"name\": \"a\"\n}", "application/json", api => api.GetProject());

        Assert.Equal("The response body does not match Project: the value {\"big\": true} at $.id (line 2, byte 9) cannot be read as int.", ex.Message);
        Assert.DoesNotContain("valid JSON", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task An_Html_Page_Names_Its_Media_Type_And_Quotes_Only_Its_Start(string mode)
    {
        var page = "<!DOCTYPE html><html><head><title>Sign in to continue</title></head><body>" + new string('x', 5000) + "</body></html>";

        var ex = await FailAsync(mode, page, "text/html", api => api.GetProject());

        Assert.Equal("The response body is text/html, not JSON, so it cannot be read as Project: it has '<!DOCTYPE html><html><head><title>Sign i…' at line 1, byte 1.", ex.Message);
    }

    [Theory]
    [InlineData("reflection", ServerProtocol.Http1)]
    [InlineData("context", ServerProtocol.Http2)]
    [InlineData("fallback", ServerProtocol.Http1)]
    [InlineData("fallback", ServerProtocol.Http2)]
    public async Task An_Html_Page_Over_The_Wire_Names_Its_Media_Type(string mode, ServerProtocol protocol)
    {
        await using var server = await LoopbackServer.StartAsync(
            context =>
            {
                context.Response.ContentType = "text/html; charset=utf-8";
                return context.Response.WriteAsync("<!DOCTYPE html><html><body>Sign in</body></html>");
            },
            protocol);
        var api = RestService.ForGenerated<IProjectApi>(server.CreateClient(), new RefitSettings { ContentSerializer = Serializer(mode) });

        var ex = Assert.IsType<JsonException>((await Assert.ThrowsAsync<ApiException>(() => api.GetProject())).InnerException);

        Assert.Equal("The response body is text/html, not JSON, so it cannot be read as Project: it has '<!DOCTYPE html><html><body>Sign in</body…' at line 1, byte 1.", ex.Message);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Cut_Body_Says_Where_It_Ends(string mode)
    {
        var ex = await FailAsync(mode, """{"id":1,"name":"a""", "application/json", api => api.GetProject());

        Assert.Equal("The response body ends before its JSON value is complete, so it cannot be read as Project: it ends at line 1, byte 18, in $.name.", ex.Message);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Cut_Body_Sent_As_Plain_Text_Names_The_Cut_First_And_The_Media_Type_After(string mode)
    {
        var ex = await FailAsync(mode, """{"id":1,"name":"a""", "text/plain", api => api.GetProject());

        Assert.Equal("The response body ends before its JSON value is complete, so it cannot be read as Project: it ends at line 1, byte 18, in $.name. Its media type is text/plain.", ex.Message);
    }

    [Theory]
    [InlineData("reflection", "application/json", "")]
    [InlineData("context", "text/html", " Its media type is text/html.")]
    [InlineData("fallback", "application/json", "")]
    public async Task A_Body_Cut_Just_After_A_Comma_Is_Named_As_Cut(string mode, string mediaType, string note)
    {
        var ex = await FailAsync(mode, """{"id":1,""", mediaType, api => api.GetProject());

        Assert.StartsWith("The response body ends before its JSON value is complete, so it cannot be read as Project: it ends at line 1, byte ", ex.Message, StringComparison.Ordinal);
        Assert.EndsWith("." + note, ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("','", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Content_Type_HttpClient_Cannot_Parse_Is_Named_By_Its_Leading_Media_Type(string mode)
    {
        var ex = await FailAsync(mode, "<html>down</html>", "text/html (a comment); charset=utf-8, text/html; charset=utf-8", api => api.GetProject());

        Assert.Equal("The response body is text/html, not JSON, so it cannot be read as Project: it has '<html>down</html>' at line 1, byte 1.", ex.Message);
    }

    [Theory]
    [InlineData("reflection", "{\"id\":1}")]
    [InlineData("context", "{\"id\":1,")]
    [InlineData("fallback", "{\"id\":1,\"name\":\"ab")]
    public async Task A_Utf16_Body_Cut_Part_Way_Through_A_Character_Names_The_Cut_And_Quotes_Nothing_It_Never_Sent(string mode, string json)
    {
        var cut = System.Text.Encoding.Unicode.GetBytes(json)[..^1];

        var ex = await Utf16FailAsync(mode, cut);

        Assert.Equal($"The response body ends part way through a character: it is {cut.Length} bytes of utf-16, not a whole number of 2-byte characters, so it cannot be read as Project.", ex.Message);
        Assert.DoesNotContain("\uFFFD", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_Whole_Utf16_Body_That_Is_Not_Json_Is_Not_Called_Cut()
    {
        var ex = await Utf16FailAsync("context", System.Text.Encoding.Unicode.GetBytes("{\"id\":x}"));

        Assert.StartsWith("The response body is not valid JSON, so it cannot be read as Project: it has 'x", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Long_Offending_Value_Is_Shortened(string mode)
    {
        var ex = await FailAsync(mode, "{\"id\":\"" + new string('9', 10_000) + "\"}", "application/json", api => api.GetProject());

        Assert.Equal("The response body does not match Project: the value \"999999999999999999999999999999999999999… at $.id (line 1, byte 7) cannot be read as int.", ex.Message);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Json_Of_The_Wrong_Shape_In_A_Plain_Text_Response_Names_The_Media_Type(string mode)
    {
        var ex = await FailAsync(mode, "\"maintenance\"", "text/plain", api => api.GetProject());

        Assert.Equal("The response body does not match Project: the value \"maintenance\" at $ (line 1, byte 1) cannot be read as Project. Its media type is text/plain.", ex.Message);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Bad_Line_Of_Json_Lines_Keeps_Its_Line_Number(string mode)
    {
        var ex = await StreamFailAsync(mode, "{\"id\":1,\"kind\":\"public\"}\n\n{\"id\":2,\"kind\":\"archived\"}\n", "application/jsonl");

        Assert.Equal("Line 3 of the JSON Lines body does not match Project: the value \"archived\" at $.kind (line 3, byte 16) cannot be read as ProjectKind" + Reason(mode), ex.Message);
        Assert.Equal(2, ex.LineNumber);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Bad_Event_Keeps_Its_Event_Number(string mode)
    {
        var ex = await StreamFailAsync(mode, "data: {\"id\":1}\n\ndata: {\"id\":2,\"kind\":\"archived\"}\n\n", "text/event-stream");

        Assert.Equal("Event 2 of the server-sent event stream does not match Project: the value \"archived\" at $.kind (line 1, byte 16) cannot be read as ProjectKind" + Reason(mode), ex.Message);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_Bad_Element_Of_A_Streamed_Array_Keeps_Its_Index(string mode)
    {
        var ex = await StreamFailAsync(mode, """[{"id":1},{"id":2},{"id":3,"kind":"archived"}]""", "application/json");

        Assert.Equal("Element 2 of the streamed JSON array does not match Project: the value at $[2].kind (line 1, byte 45) cannot be read as ProjectKind" + Reason(mode), ex.Message);
        Assert.Equal("$[2].kind", ex.Path);
    }

    // RefitStj's own enum converter (16's wire over reflection) says why; System.Text.Json's (the context's) does not.
    private static string Reason(string mode) => mode == "reflection" ? ": The string is not a name of enum ProjectKind." : ".";

    private static IProjectApi Api(string mode, string body, string mediaType)
    {
        // The bodies are Refit 16's wire (string enums); reflection users keep it on 17 with CreateRefit16Options.
        var serializer = Serializer(mode);
        var handler = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = Received(body, mediaType) });
        return RestService.ForGenerated<IProjectApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = serializer });
    }

    private static StjContentSerializer Serializer(string mode) => mode switch
    {
        "context" => new StjContentSerializer(ProjectContext.Default),
        "fallback" => new StjContentSerializer(ProjectContext.Default, allowReflectionFallback: true),
        _ => Refit16Wire.Serializer(),
    };

    // Headers as a response carries them: raw, parsed only when read.
    private static ByteArrayContent Received(string body, string contentType)
    {
        var content = new ByteArrayContent(System.Text.Encoding.UTF8.GetBytes(body));
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        return content;
    }

    private static async Task<JsonException> Utf16FailAsync(string mode, byte[] body)
    {
        var handler = new StubHandler(_ =>
        {
            var content = new ByteArrayContent(body);
            content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-16");
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = content };
        });
        var api = RestService.ForGenerated<IProjectApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = Serializer(mode) });
        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetProject());
        return Assert.IsType<JsonException>(ex.InnerException);
    }

    private static async Task<JsonException> FailAsync<T>(string mode, string body, string mediaType, Func<IProjectApi, Task<T>> call)
    {
        var ex = await Assert.ThrowsAsync<ApiException>(() => call(Api(mode, body, mediaType)));
        return Assert.IsType<JsonException>(ex.InnerException);
    }

    private static Task<JsonException> StreamFailAsync(string mode, string body, string mediaType) =>
        Assert.ThrowsAsync<JsonException>(async () =>
        {
            await foreach (var _ in Api(mode, body, mediaType).StreamProjects())
            {
            }
        });
}
