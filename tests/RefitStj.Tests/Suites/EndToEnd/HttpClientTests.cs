using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Moq;
using Moq.Protected;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>The serializer's content sent and read through <see cref="HttpClient"/>, in each way Refit uses content.</summary>
public sealed class HttpClientTests
{
    private static readonly Uri s_base = new("http://localhost/");
    private readonly StjContentSerializer _serializer = new();

    // The sample order is Refit 16's wire (string enums): it is written and read as that line's users do (CreateRefit16Options on 17).
    private readonly StjContentSerializer _wire16 = Refit16Wire.Serializer();

    [Fact]
    public async Task Request_Body_Copied_Into_The_Request_Stream_Arrives_Whole_With_Its_Length()
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        using var client = new HttpClient(handler) { BaseAddress = s_base };

        using var response = await client.PostAsync("orders", _wire16.ToHttpContentSynchronous(Bodies.SampleOrder()));

        var sent = Assert.Single(handler.Requests);
        Assert.Equal(Bodies.SampleOrderJson, sent.BodyText);
        Assert.Equal(Encoding.UTF8.GetByteCount(Bodies.SampleOrderJson), sent.DeclaredLength);
        Assert.Equal("application/json; charset=utf-8", sent.ContentType);
    }

    [Fact]
    public async Task Request_Body_Sent_After_LoadIntoBuffer_Keeps_Content_Length()
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        using var client = new HttpClient(handler) { BaseAddress = s_base };
        var content = _serializer.ToHttpContent(new Person("Ann", 41));

        // Refit's Buffered mode.
        await content.LoadIntoBufferAsync();
        using var response = await client.PutAsync("people/1", content);

        var sent = Assert.Single(handler.Requests);
        Assert.Equal("""{"name":"Ann","age":41}""", sent.BodyText);
        Assert.Equal(23, sent.DeclaredLength);
    }

    [Fact]
    public async Task Request_Body_Can_Be_Read_Before_Sending_And_Is_Still_Sent_Whole()
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        using var client = new HttpClient(handler) { BaseAddress = s_base };
        var content = _serializer.ToHttpContent(new Person("Cal", 2));

        // What Refit's CaptureRequestContent and multipart writers do before the send.
        var captured = await content.ReadAsStringAsync();
        var again = await content.ReadAsByteArrayAsync();
        using var response = await client.PostAsync("people", content);

        Assert.Equal("""{"name":"Cal","age":2}""", captured);
        Assert.Equal(captured, Encoding.UTF8.GetString(again));
        Assert.Equal(captured, Assert.Single(handler.Requests).BodyText);
    }

    [Fact]
    public async Task Request_Body_Through_A_Moq_Handler_Reaches_The_Server_Intact()
    {
        string? seen = null;
        var handler = new Mock<HttpMessageHandler>();
        handler.Protected()
            .Setup<Task<HttpResponseMessage>>("SendAsync", ItExpr.Is<HttpRequestMessage>(r => r.Method == HttpMethod.Patch), ItExpr.IsAny<CancellationToken>())
            .Returns(async (HttpRequestMessage request, CancellationToken token) =>
            {
                seen = await request.Content!.ReadAsStringAsync(token);
                return new HttpResponseMessage(HttpStatusCode.OK) { Content = Bodies.Json(seen) };
            });
        using var client = new HttpClient(handler.Object) { BaseAddress = s_base };

        using var response = await client.PatchAsync("people/1", _serializer.ToHttpContent(new Person("Dot", 8)));
        var echoed = await _serializer.FromHttpContentAsync<Person>(response.Content);

        Assert.Equal("""{"name":"Dot","age":8}""", seen);
        Assert.Equal(new Person("Dot", 8), echoed);
        handler.Protected().Verify("SendAsync", Times.Once(), ItExpr.IsAny<HttpRequestMessage>(), ItExpr.IsAny<CancellationToken>());
    }

    [Theory]
    [InlineData(HttpCompletionOption.ResponseContentRead)]
    [InlineData(HttpCompletionOption.ResponseHeadersRead)]
    public async Task Response_Is_Read_Buffered_Or_Not(HttpCompletionOption completion)
    {
        var body = Encoding.UTF8.GetBytes(Bodies.SampleOrderJson);
        using var client = ClientReturning(() => Bodies.Streamed(body, "application/json; charset=utf-8"));

        using var response = await client.GetAsync("orders/7", completion);
        var order = await _wire16.FromHttpContentAsync<Order>(response.Content);

        Assert.Equal("Ada", order!.CustomerName);
        Assert.Equal([[1, 2], [3]], order.Grid);
    }

    [Fact]
    public async Task Response_Buffered_Like_Refit_Does_Can_Be_Read_Twice()
    {
        using var client = ClientReturning(() => Bodies.Streamed(Encoding.UTF8.GetBytes("""{"name":"Eve","age":5}""")));
        using var response = await client.GetAsync("people/1", HttpCompletionOption.ResponseHeadersRead);
        await response.Content.LoadIntoBufferAsync();

        var first = await _serializer.FromHttpContentAsync<Person>(response.Content);
        var second = await _serializer.FromHttpContentAsync<Person>(response.Content);

        Assert.Equal(new Person("Eve", 5), first);
        Assert.Equal(first, second);
        Assert.Equal("""{"name":"Eve","age":5}""", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Response_204_Read_Without_Refit_Holds_No_Value_As_With_Refits_Serializer()
    {
        using var client = new HttpClient(StubHandler.Returning(HttpStatusCode.NoContent)) { BaseAddress = s_base };

        using var response = await client.GetAsync("nothing", HttpCompletionOption.ResponseHeadersRead);

        // Refit returns default for a 204 itself, before any serializer; a serializer sees only the empty content.
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(response.Content));
        await Assert.ThrowsAnyAsync<JsonException>(() => RefitControl.Serializer().FromHttpContentAsync<Person>(response.Content));
    }

    [Fact]
    public async Task Response_With_Content_Length_Zero_Gives_Default()
    {
        using var client = ClientReturning(() => Bodies.Json(""));

        using var response = await client.GetAsync("nothing", HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(0, response.Content.Headers.ContentLength);
        Assert.Null(await _serializer.FromHttpContentAsync<Person>(response.Content));
        Assert.Equal(0, await _serializer.FromHttpContentAsync<int>(response.Content));
    }

    [Theory]
    [InlineData("")]
    [InlineData(" \r\n ")]
    public async Task Response_Chunked_Empty_Or_Whitespace_Holds_No_Value(string body)
    {
        using var client = ClientReturning(() => Bodies.Streamed(Encoding.UTF8.GetBytes(body)));

        using var response = await client.GetAsync("nothing", HttpCompletionOption.ResponseHeadersRead);

        Assert.Null(response.Content.Headers.ContentLength);
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(response.Content));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Response_Html_Error_Page_Gives_JsonException(bool buffered)
    {
        var html = Encoding.UTF8.GetBytes("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>");
        using var client = ClientReturning(() => Bodies.Streamed(html, "text/html"));
        using var response = await client.GetAsync("people/1", buffered ? HttpCompletionOption.ResponseContentRead : HttpCompletionOption.ResponseHeadersRead);

        var ex = await Assert.ThrowsAnyAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(response.Content));

        Assert.Contains(nameof(Person), ex.Message, StringComparison.Ordinal);
        Assert.Equal(0, ex.BytePositionInLine);
    }

    [Fact]
    public async Task Response_Read_As_Text_Plain_StringContent_Like_ApiException_Does()
    {
        // ApiException.GetContentAsAsync hands the serializer new StringContent(body): text/plain.
        using var content = new StringContent("""{"name":"Flo","age":60}""");

        Assert.Equal(new Person("Flo", 60), await _serializer.FromHttpContentAsync<Person>(content));
    }

    [Theory]
    [InlineData("utf-16", true)]
    [InlineData("UTF-16", false)]
    [InlineData("\"utf-16\"", false)]
    [InlineData("iso-8859-1", false)]
    [InlineData("\"ISO-8859-1\"", true)]
    [InlineData("us-ascii", false)]
    public async Task Response_In_Another_Charset_Is_Transcoded(string charset, bool buffered)
    {
        var name = charset.Contains("ascii", StringComparison.OrdinalIgnoreCase) ? "Zoe" : "Zoë";
        var encoding = Encoding.GetEncoding(charset.Trim('"'));
        var body = encoding.GetPreamble().Concat(encoding.GetBytes($$"""{"name":"{{name}}","age":1}""")).ToArray();
        using var client = ClientReturning(() => Bodies.Streamed(body, $"application/json; charset={charset}"));
        using var response = await client.GetAsync("people/1", buffered ? HttpCompletionOption.ResponseContentRead : HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(new Person(name, 1), await _serializer.FromHttpContentAsync<Person>(response.Content));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Response_With_Utf8_Bom_Is_Read(bool buffered)
    {
        var body = new byte[] { 0xEF, 0xBB, 0xBF }.Concat(Encoding.UTF8.GetBytes("""{"name":"Bom","age":3}""")).ToArray();
        using var client = ClientReturning(() => Bodies.Streamed(body, "application/json; charset=\"utf-8\""));
        using var response = await client.GetAsync("people/1", buffered ? HttpCompletionOption.ResponseContentRead : HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(new Person("Bom", 3), await _serializer.FromHttpContentAsync<Person>(response.Content));
    }

    [Fact]
    public async Task Response_With_An_Unknown_Charset_Gives_InvalidOperationException_Naming_It()
    {
        using var content = Bodies.Streamed(Encoding.UTF8.GetBytes("{}"), "application/json; charset=klingon-8");

        var ex = await Assert.ThrowsAsync<InvalidOperationException>(() => _serializer.FromHttpContentAsync<Person>(content));

        Assert.Contains("klingon-8", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cancelled_Token_Gives_OperationCanceledException_On_A_Buffered_Body()
    {
        using var content = Bodies.Json("""{"name":"x","age":1}""");
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => _serializer.FromHttpContentAsync<Person>(content, cts.Token));
    }

    [Fact]
    public async Task Cancellation_While_A_Slow_Body_Arrives_Gives_OperationCanceledException()
    {
        using var cts = new CancellationTokenSource();
        var stream = new CancelAfterReadsStream(Encoding.UTF8.GetBytes("""{"name":"slow","age":1}"""), chunk: 3, cts, cancelAt: 2);
        using var content = new StreamContent(stream);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => _serializer.FromHttpContentAsync<Person>(content, cts.Token));
        Assert.Equal(2, stream.Reads);
    }

    [Fact]
    public async Task Unbuffered_Body_Is_Read_Only_Asynchronously()
    {
        // TrickleStream throws on any synchronous read (Blazor WebAssembly forbids them).
        var stream = new TrickleStream(Encoding.UTF8.GetBytes(Bodies.SampleOrderJson), chunk: 5);
        using var content = new StreamContent(stream);

        var order = await _wire16.FromHttpContentAsync<Order>(content);

        Assert.Equal(7, order!.Id);
        Assert.True(stream.AsyncReads > Bodies.SampleOrderJson.Length / 5);
    }

    [Fact]
    public async Task Interface_Body_Is_Written_By_Runtime_Type()
    {
        using var content = _serializer.ToHttpContent<IShape>(new Circle { Radius = 1.5 });

        Assert.Equal("""{"kind":"circle","radius":1.5}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Abstract_Body_Is_Written_By_Runtime_Type()
    {
        using var content = _serializer.ToHttpContent<Animal>(new Dog { Name = "Rex", GoodBoy = true });

        Assert.Equal("""{"goodBoy":true,"name":"Rex"}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Polymorphic_Body_Keeps_Its_Discriminator_And_Reads_Back()
    {
        using var content = _serializer.ToHttpContent<Vehicle>(new Car { Wheels = 4, Make = "Saab" });
        var text = await Bodies.TextOf(content);

        Assert.Equal("""{"$type":"car","make":"Saab","wheels":4}""", text);
        var read = Assert.IsType<Car>(await _serializer.FromHttpContentAsync<Vehicle>(Bodies.Json(text)));
        Assert.Equal("Saab", read.Make);
    }

    [Fact]
    public async Task Object_Body_Is_Written_By_Runtime_Type()
    {
        using var content = _serializer.ToHttpContent<object>(new Person("Obi", 1));

        Assert.Equal("""{"name":"Obi","age":1}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Null_Interface_Body_Is_Written_As_Null()
    {
        using var content = _serializer.ToHttpContent<IShape?>(null);

        Assert.Equal("null", await Bodies.TextOf(content));
    }

    private static HttpClient ClientReturning(Func<HttpContent> body) =>
        new(new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = body() })) { BaseAddress = s_base };
}
