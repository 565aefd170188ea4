using System.Net;
using System.Text.Json;
using Moq;
using Moq.Protected;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public sealed class ResponseReadingTests
{
    [Fact]
    public async Task Get_Object_Reads_Body_Through_StjContentSerializer()
    {
        var handler = new Mock<HttpMessageHandler>(MockBehavior.Strict);
        handler.Protected()
            .Setup<Task<HttpResponseMessage>>("SendAsync", ItExpr.IsAny<HttpRequestMessage>(), ItExpr.IsAny<CancellationToken>())
            .ReturnsAsync(() => new HttpResponseMessage(HttpStatusCode.OK) { Content = Bodies.Json("""{"NAME":"Ada","age":"36"}""") });
        var api = Clients.For<IPeopleApi>(handler.Object);

#if REFIT17
        // Refit 17's defaults read names case-insensitively but no number from a string, as Refit 17's own serializer.
        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(5));
        Assert.StartsWith("The response body does not match Person: the value \"36\" at $.age", Assert.IsType<JsonException>(ex.InnerException).Message, StringComparison.Ordinal);
        await Assert.ThrowsAsync<JsonException>(() => RefitControl.Serializer().FromHttpContentAsync<Person>(Bodies.Json("""{"NAME":"Ada","age":"36"}""")));
        Assert.Equal(Clients.Ada, await Clients.For<IPeopleApi>(handler.Object, s => s.ContentSerializer = Refit16Wire.Serializer()).GetPerson(5));
        var calls = 2;
#else
        var person = await api.GetPerson(5);

        // Case-insensitive names and numbers read from strings are the Refit defaults StjContentSerializer reproduces.
        Assert.Equal(Clients.Ada, person);
        var calls = 1;
#endif
        handler.Protected().Verify(
            "SendAsync",
            Times.Exactly(calls),
            ItExpr.Is<HttpRequestMessage>(r => r.Method == HttpMethod.Get && r.RequestUri!.AbsolutePath == "/people/5"),
            ItExpr.IsAny<CancellationToken>());
    }

    [Fact]
    public async Task Get_List_Reads_Every_Element()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, """[{"name":"Ada","age":36},{"name":"Bo","age":4}]""");
        var api = Clients.For<IPeopleApi>(handler);

        var people = await api.GetPeople();

        Assert.Equal([new Person("Ada", 36), new Person("Bo", 4)], people);
    }

    [Fact]
    public async Task Get_Order_Reads_Every_Member_Of_The_Sample_Order()
    {
        // The sample order is Refit 16's wire (string enums): read it as that line's users (CreateRefit16Options on 17).
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, Bodies.SampleOrderJson), s => s.ContentSerializer = Refit16Wire.Serializer());

        var order = await api.GetOrder(7);

        AssertIsSampleOrder(order);
    }

    [Fact]
    public async Task ApiResponse_Success_Reads_Content()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, Clients.PersonJson));

        using var response = await api.GetPersonResponse(1);

        Assert.True(response.IsSuccessful);
        Assert.Null(response.Error);
        Assert.Equal(Clients.Ada, response.Content);
    }

    [Fact]
    public async Task IApiResponse_Success_Reads_Content()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, Clients.PersonJson));

        using var response = await api.GetPersonInterfaceResponse(1);

        Assert.True(response.IsSuccessfulWithContent);
        Assert.Equal(Clients.Ada, response.Content);
    }

    /// <summary>A failed response: no content, and an <see cref="ApiException"/> carrying the response's status.</summary>
    private static ApiException AssertFailed(IApiResponse<Person> response, HttpStatusCode status)
    {
        Assert.False(response.IsSuccessful);
        Assert.Equal(status, response.StatusCode);
        Assert.Null(response.Content);
        var error = Assert.IsType<ApiException>(response.Error);
        Assert.Equal(status, error.StatusCode);
        return error;
    }

    [Fact]
    public async Task ApiResponse_Error_Status_Gives_Error_With_Content_Readable_As_Json()
    {
        const string body = """{"name":"Missing","age":0}""";
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.NotFound, body));

        using var response = await api.GetPersonResponse(404);

        var error = AssertFailed(response, HttpStatusCode.NotFound);
        Assert.Equal(body, error.Content);
        Assert.Equal(new Person("Missing", 0), await error.GetContentAsAsync<Person>());
    }

    [Fact]
    public async Task IApiResponse_Error_Status_Gives_Error_With_Content()
    {
        const string body = """{"name":"Oops","age":1}""";
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.InternalServerError, body));

        using var response = await api.GetPersonInterfaceResponse(1);

        var error = AssertFailed(response, HttpStatusCode.InternalServerError);
        Assert.Equal(new Person("Oops", 1), error.GetContentAs<Person>());
    }

    [Fact]
    public async Task ApiResponse_With_Invalid_Json_Gives_Error_Wrapping_JsonException()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, "<html>nope</html>"));

        using var response = await api.GetPersonResponse(1);

        var error = AssertFailed(response, HttpStatusCode.OK);
        Assert.IsAssignableFrom<JsonException>(error.InnerException);
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("text/html")]
    public async Task Html_Error_Page_With_Ok_Status_Throws_ApiException_Wrapping_JsonException(string mediaType)
    {
        const string html = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, html, mediaType));

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1));

        Assert.Equal(HttpStatusCode.OK, ex.StatusCode);
        Assert.IsAssignableFrom<JsonException>(ex.InnerException);
        Assert.Equal(html, ex.Content);
    }

    [Fact]
    public async Task Truncated_Json_Throws_ApiException_Wrapping_JsonException()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, """{"name":"Ada","age":3"""));

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1));

        Assert.IsAssignableFrom<JsonException>(ex.InnerException);
    }

    [Fact]
    public async Task No_Content_Returns_Null()
    {
        var handler = Clients.NoContent();
        var api = Clients.For<IPeopleApi>(handler);

        var person = await api.GetPerson(1);

        Assert.Null(person);
        Assert.Single(handler.Requests);
    }

    [Fact]
    public async Task Ok_With_Content_Length_Zero_Returns_Null()
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, ""));

        Assert.Null(await api.GetPerson(1));
    }

    [Fact]
    public async Task Ok_With_Chunked_Empty_Body_Fails_As_With_Refits_Serializer()
    {
        // No Content-Length: Refit cannot tell the body is empty, buffers it and hands it to the serializer.
        var api = Clients.For<IPeopleApi>(new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK)
        {
            Content = new StreamContent(new TrickleStream([])),
        }));

        // An empty body may be a compressed stream cut short, which decodes to nothing without an error.
        Assert.IsAssignableFrom<JsonException>((await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1))).InnerException);
        Assert.IsAssignableFrom<JsonException>((await Assert.ThrowsAsync<ApiException>(() => api.GetPeople())).InnerException);
    }

    [Theory]
    [InlineData(" ")]
    [InlineData(" \r\n\t ")]
    public async Task Ok_With_Whitespace_Body_Fails_As_With_Refits_Serializer(string body)
    {
        var api = Clients.For<IPeopleApi>(Clients.Answering(HttpStatusCode.OK, body));

        Assert.IsAssignableFrom<JsonException>((await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1))).InnerException);
    }

    [Fact]
    public async Task Ok_With_Chunked_Whitespace_Body_Fails_As_With_Refits_Serializer()
    {
        var api = Clients.For<IPeopleApi>(Clients.Trickling(HttpStatusCode.OK, "  \n  ", chunk: 1));

        Assert.IsAssignableFrom<JsonException>((await Assert.ThrowsAsync<ApiException>(() => api.GetPerson(1))).InnerException);
    }

    internal static void AssertIsSampleOrder(Order? order)
    {
        Assert.NotNull(order);
        var expected = Bodies.SampleOrder();
        Assert.Equal(expected.Id, order.Id);
        Assert.Equal(expected.CustomerName, order.CustomerName);
        Assert.Equal(OrderStatus.InTransit, order.Status);
        Assert.Null(order.PreviousStatus);
        Assert.Equal(3, order.Quantity);
        Assert.Equal(12.50m, order.Total);
        Assert.Equal(expected.PlacedAt, order.PlacedAt);
        Assert.Equal(TimeSpan.FromHours(1), order.PlacedAt.Offset);
        Assert.Equal(expected.CountsByStatus, order.CountsByStatus);
        Assert.Equal(expected.Grid, order.Grid);
        var extra = Assert.IsType<JsonElement>(order.Extra);
        Assert.Equal("Bo", extra.GetProperty("name").GetString());
        Assert.Equal("X-1", order.Sku);
        Assert.Equal(Permissions.Read | Permissions.Write, order.Permissions);
    }
}
