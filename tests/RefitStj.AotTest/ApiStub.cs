using System.Net;
using System.Text;

namespace RefitStj.AotTest;

/// <summary>What the stub received: the request line, the body's content headers and every byte of the body.</summary>
internal sealed record ReceivedRequest(string Method, string Path, string? ContentType, long? ContentLength, byte[] Body);

/// <summary>
/// Serves the API in process with canned responses and records each request: its body is read out of whatever content
/// Refit built around the serializer's, as a socket handler would read it to send it.
/// </summary>
internal sealed class ApiStub : HttpMessageHandler
{
    private const string Json = "application/json";

    public static readonly Repo[] Feed =
    [
        new(10, "alpha", Visibility.Public),
        new(11, "beta \"quoted\"", Visibility.Private),
        new(12, "gamma ✓", Visibility.Public),
    ];

    private const string FeedArray =
        """[{"id":10,"name":"alpha","visibility":"Public"},{"id":11,"name":"beta \"quoted\"","visibility":"Private"},{"id":12,"name":"gamma ✓","visibility":"Public"}]""";

    private const string FeedLines =
        "{\"id\":10,\"name\":\"alpha\",\"visibility\":\"Public\"}\n" +
        "{\"id\":11,\"name\":\"beta \\\"quoted\\\"\",\"visibility\":\"Private\"}\r\n" +
        "\n" +
        "{\"id\":12,\"name\":\"gamma ✓\",\"visibility\":\"Public\"}";

    private const string FeedEvents =
        ": keep-alive\n\n" +
        "event: repo\nid: 1\ndata: {\"id\":10,\"name\":\"alpha\",\"visibility\":\"Public\"}\n\n" +
        "data: {\"id\":11,\n" +
        "data: \"name\":\"beta \\\"quoted\\\"\",\"visibility\":\"Private\"}\n\n" +
        "data: {\"id\":12,\"name\":\"gamma ✓\",\"visibility\":\"Public\"}\n\n";

    public List<ReceivedRequest> Received { get; } = [];

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        // The length first, as a socket handler sees it when choosing between Content-Length and chunked: reading the
        // body buffers it, and a buffered content reports a length whether or not it would have been sent with one.
        var length = request.Content?.Headers.ContentLength;
        var body = request.Content is null ? [] : await request.Content.ReadAsByteArrayAsync(cancellationToken);
        var path = request.RequestUri!.AbsolutePath;
        Received.Add(new ReceivedRequest(request.Method.Method, path, request.Content?.Headers.ContentType?.ToString(), length, body));

        var (status, mediaType, text) = (request.Method.Method, path) switch
        {
            ("GET", "/repos/7") => (HttpStatusCode.OK, Json, """{"id":7,"name":"refitstj","visibility":"Public"}"""),
            ("GET", "/repos") => (HttpStatusCode.OK, Json, FeedArray),
            ("POST", "/issues") => (HttpStatusCode.Created, Json, """{"number":42,"title":"Native"}"""),
            ("POST", "/login") => (HttpStatusCode.NoContent, null, null),
            ("GET", "/feed/array") => (HttpStatusCode.OK, Json, FeedArray),
            ("GET", "/feed/lines") => (HttpStatusCode.OK, "application/x-ndjson", FeedLines),
            ("GET", "/feed/events") => (HttpStatusCode.OK, "text/event-stream", FeedEvents),
            ("GET", "/missing") => (HttpStatusCode.NotFound, Json, """{"message":"no such repo","code":404}"""),
            ("GET", "/bad/enum") => (HttpStatusCode.OK, Json, """[{"id":1,"name":"a","visibility":"Archived"}]"""),
            ("GET", "/bad/type") => (HttpStatusCode.OK, Json, "[\n  {\"id\": \"seven\", \"name\": \"a\"}\n]"),
            ("GET", "/bad/html") => (HttpStatusCode.OK, "text/html", "<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>"),
            ("GET", "/bad-feed/lines") => (HttpStatusCode.OK, "application/x-ndjson", "{\"id\":1,\"name\":\"a\",\"visibility\":\"Public\"}\n{\"id\":2,\"name\":\"b\",\"visibility\":\"Archived\"}\n"),
            ("GET", "/bad-feed/events") => (HttpStatusCode.OK, "text/event-stream", "data: {\"id\":1,\"name\":\"a\",\"visibility\":\"Gone\"}\n\n"),
            ("POST", "/validate") => (HttpStatusCode.BadRequest, "application/problem+json", ErrorChecks.Problem),
            _ => (HttpStatusCode.BadRequest, "text/plain", "unexpected request"),
        };

        var response = new HttpResponseMessage(status) { RequestMessage = request };
        if (text is not null)
        {
            response.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(text));
            response.Content.Headers.ContentType = new(mediaType!) { CharSet = "utf-8" };
        }

        return response;
    }
}
