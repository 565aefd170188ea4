using System.Net;
using Refit;
using RefitStj.LimitHandler;
using RefitStj.Tests.Suites.Faults;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>
/// The end of a body is checked against its framing length only over HTTP/2 and only in the transport's own content:
/// pinned over a real h2c transport (so a runtime that renames that content fails here instead of silently disabling the
/// check), and a content a handler below put in its place, shorter than the header it kept, reads as Refit's serializer reads it.
/// </summary>
public sealed class BodyFramingTests
{
    [Theory]
    [InlineData(ServerProtocol.Http2, true)]
    [InlineData(ServerProtocol.Http1, false)]
    public async Task The_Transports_Own_Content_Is_Checked_At_The_End_Over_Http2_Only(ServerProtocol protocol, bool checkEnd)
    {
        await using var server = await LoopbackServer.StartAsync(DeclaredLengthServer.ServeAsync, protocol);
        using var http = server.CreateClient(new SocketsHttpHandler());
        using var request = new HttpRequestMessage(HttpMethod.Get, "array");
        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);

        Assert.Equal(BodyFraming.TransportContentName, response.Content.GetType().FullName);
        Assert.True(BodyFraming.IsTransportContent(response.Content));
        var framing = BodyFraming.Of(response, request);
        Assert.Equal(FaultyServer.Array.Length, framing.Framing);
        Assert.Equal(checkEnd, framing.CheckEnd);
    }

    [Theory]
    [InlineData(SerializerKind.RefitStj, true)]
    [InlineData(SerializerKind.RefitStj, false)]
    [InlineData(SerializerKind.Refits, true)]
    [InlineData(SerializerKind.Refits, false)]
    public async Task An_Http2_Body_A_Decoder_Left_Shorter_Than_The_Encoded_Length_It_Kept_Is_A_Value(SerializerKind serializer, bool limit)
    {
        var body = DeclaredLengthServer.Small;
        HttpMessageHandler handler = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK)
        {
            Version = HttpVersion.Version20,
            Content = new ByteArrayContent(body) { Headers = { ContentType = new("application/json"), ContentLength = body.Length + 10 } },
        });
        handler = limit ? new ResponseSizeLimitHandler(1024 * 1024, handler) : handler;
        var api = RestService.ForGenerated<IDeclaredLengthApi>(new HttpClient(handler) { BaseAddress = new Uri("http://localhost/") }, new RefitSettings
        {
            ContentSerializer = serializer == SerializerKind.RefitStj ? new StjContentSerializer() : RefitControl.Serializer(),
        });

        Assert.Equal("value(1)", await DeclaredLengthTests.Outcome(() => api.Get("any")));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_Body_Checked_At_The_End_That_Ends_Short_Is_A_Cut_Transfer(bool buffered)
    {
        var body = FaultyServer.Array;
        using var content = new LimitHandlerContent(
            new StreamContent(new TrickleStream(body[..1_000], chunk: 64)), 16 * 1024 * 1024, HttpStatusCode.OK,
            new BodyFraming(body.Length, body.Length, CheckEnd: true), Timeout.InfiniteTimeSpan, TimeProvider.System);

        var failure = buffered
            ? await Record.ExceptionAsync(() => content.LoadIntoBufferAsync())
            : await Record.ExceptionAsync(async () => await (await content.ReadAsStreamAsync()).CopyToAsync(Stream.Null));

        var cut = Assert.IsType<HttpIOException>(failure is HttpIOException ? failure : failure?.InnerException);
        Assert.Equal(HttpRequestError.ResponseEnded, cut.HttpRequestError);
    }

    [Theory]
    [InlineData(200, "GET", false, null, 10L, 10L)]
    [InlineData(205, "GET", false, null, 10L, 10L)]
    [InlineData(299, "POST", false, null, 10L, 10L)]
    [InlineData(200, "GET", true, null, 10L, null)]
    [InlineData(200, "HEAD", false, null, 10L, null)]
    [InlineData(101, "GET", false, null, 10L, null)]
    [InlineData(199, "GET", false, null, 10L, null)]
    [InlineData(204, "GET", false, null, 10L, null)]
    [InlineData(304, "GET", false, null, 10L, null)]
    [InlineData(200, "GET", false, "gzip", 10L, null)]
    [InlineData(200, "GET", false, null, null, null)]
    public void A_Content_Length_Frames_The_Body_Only_Where_Nothing_Else_Decides_Its_End(
        int status, string method, bool chunked, string? encoding, long? declared, long? framing)
    {
        var content = new ByteArrayContent(new byte[10]);
        content.Headers.Remove("Content-Length");
        if (declared is { } length)
        {
            content.Headers.ContentLength = length;
        }

        if (encoding is not null)
        {
            content.Headers.ContentEncoding.Add(encoding);
        }

        using var response = new HttpResponseMessage((HttpStatusCode)status) { Version = HttpVersion.Version20, Content = content };
        response.Headers.TransferEncodingChunked = chunked;
        using var request = new HttpRequestMessage(new HttpMethod(method), "http://localhost/");

        // Over HTTP/2, yet not checked at the end: the content is not the transport's own.
        Assert.Equal(new BodyFraming(declared, framing, CheckEnd: false), BodyFraming.Of(response, request));
        // Without the request (a handler given none), the answer is taken to be one that has a body.
        Assert.Equal(method == "HEAD" ? declared : framing, BodyFraming.Of(response, request: null).Framing);
    }
}
