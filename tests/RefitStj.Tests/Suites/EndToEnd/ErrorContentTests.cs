using System.Net;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public sealed class ErrorContentTests
{
    private const string ErrorJson = """{"name":"Invalid","age":-1}""";

    private static readonly Person s_error = new("Invalid", -1);

    [Fact]
    public async Task Bad_Request_With_Json_Body_Throws_ApiException_Whose_Content_Reads_Async()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.BadRequest, ErrorJson));

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1));

        Assert.Equal(HttpStatusCode.BadRequest, ex.StatusCode);
        Assert.Equal(ErrorJson, ex.Content);
        Assert.Null(ex.InnerException);
        Assert.Equal(s_error, await ex.GetContentAsAsync<Person>());
    }

    [Fact]
    public async Task Bad_Request_Content_Reads_Synchronously_Through_ISynchronousContentDeserializer()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.BadRequest, ErrorJson));

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.UpdatePerson(1, Clients.Ada));

        Assert.IsAssignableFrom<ISynchronousContentDeserializer>(ex.RefitSettings.ContentSerializer);
        Assert.Equal(s_error, ex.GetContentAs<Person>());
        Assert.True(ex.TryGetContentAs<Person>(out var viaTry));
        Assert.Equal(s_error, viaTry);
    }

    [Fact]
    public async Task Error_Content_Is_Usable_From_An_Exception_Filter()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.Conflict, ErrorJson));
        Person? filtered = null;

        try
        {
            await api.CreatePerson(Clients.Ada);
        }
        catch (ApiException ex) when (ex.TryGetContentAs(out filtered))
        {
        }

        Assert.Equal(s_error, filtered);
    }

    [Fact]
    public async Task Error_Content_That_Is_Not_Json_Fails_TryGetContentAs_And_Throws_JsonException_From_GetContentAs()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.BadGateway, "<html>gateway</html>", "text/html"));

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1));

        Assert.False(ex.TryGetContentAs<Person>(out var value));
        Assert.Null(value);
        Assert.ThrowsAny<JsonException>(() => ex.GetContentAs<Person>());
        await Assert.ThrowsAnyAsync<JsonException>(() => ex.GetContentAsAsync<Person>());
    }

    [Fact]
    public async Task Problem_Json_Bad_Request_Throws_ValidationApiException_With_Problem_Details_Read()
    {
        const string problem = """
            {"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.",
             "status":400,"detail":"See errors","instance":"/people/1",
             "errors":{"Name":["The Name field is required.","Too short."],"Age":["Out of range."]},"traceId":"00-abc"}
            """;
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.BadRequest, problem, "application/problem+json"));

        var ex = await Assert.ThrowsAsync<ValidationApiException>(() => api.CreatePerson(Clients.Ada));

        var details = ex.Content;
        Assert.NotNull(details);
        Assert.Equal("One or more validation errors occurred.", details.Title);
        Assert.Equal(400, details.Status);
        Assert.Equal("See errors", details.Detail);
        Assert.Equal("/people/1", details.Instance);
        Assert.Equal("https://tools.ietf.org/html/rfc9110#section-15.5.1", details.Type);
        Assert.Equal(["The Name field is required.", "Too short."], details.Errors["Name"]);
        Assert.Equal(["Out of range."], details.Errors["Age"]);
        Assert.Equal("00-abc", details.Extensions["traceId"].ToString());
    }

    [Fact]
    public async Task Problem_Json_In_ApiResponse_Gives_ValidationApiException_Error()
    {
        const string problem = """{"title":"Bad","status":422,"errors":{"age":["must be positive"]}}""";
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.UnprocessableEntity, problem, "application/problem+json"));

        using var response = await api.GetPersonResponse(1);

        var error = Assert.IsType<ValidationApiException>(response.Error);
        Assert.Equal("Bad", error.Content!.Title);
        Assert.Equal(["must be positive"], error.Content.Errors["age"]);
    }
}
