using System.Net;

namespace RefitStj.Tests.Support;

/// <summary>An <see cref="HttpMessageHandler"/> that records what was sent (draining the request body) and answers from a delegate.</summary>
internal sealed class StubHandler(Func<HttpRequestMessage, HttpResponseMessage> respond) : HttpMessageHandler
{
    public List<SentRequest> Requests { get; } = [];

    public static StubHandler Returning(HttpStatusCode status, HttpContent? content = null) =>
        new(_ => new HttpResponseMessage(status) { Content = content ?? new ByteArrayContent([]) });

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        byte[]? body = null;
        long? declaredLength = null;
        string? contentType = null;
        if (request.Content is { } content)
        {
            declaredLength = content.Headers.ContentLength;
            contentType = content.Headers.ContentType?.ToString();

            // Drained through the request stream, as a socket handler does.
            using var wire = new MemoryStream();
            await content.CopyToAsync(wire, cancellationToken);
            body = wire.ToArray();
        }

        Requests.Add(new SentRequest(request.Method, request.RequestUri, contentType, declaredLength, body));
        var response = respond(request);

        // A socket handler always links the response to its request; Refit's exception factory relies on it.
        response.RequestMessage ??= request;
        return response;
    }
}

internal sealed record SentRequest(HttpMethod Method, Uri? Uri, string? ContentType, long? DeclaredLength, byte[]? Body)
{
    public string BodyText => Body is null ? "" : System.Text.Encoding.UTF8.GetString(Body);
}
