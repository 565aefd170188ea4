using System.Net;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// Stands in for the network: drains the request body as a connection does (a stub that never reads it measures no
/// serialization) and answers 200 with the given bytes as <c>application/json; charset=utf-8</c>.
/// </summary>
public sealed class StubHandler(byte[] responseBody) : HttpMessageHandler
{
    private readonly MemoryStream _requestBody = new();

    /// <summary>The body of the last request (empty if it had none).</summary>
    public ReadOnlySpan<byte> LastRequestBody => _requestBody.GetBuffer().AsSpan(0, (int)_requestBody.Length);

    /// <summary>
    /// A new response content over <paramref name="body"/> as a connection hands it out: the Content-Type raw, the body
    /// a stream that is neither an array nor buffered (Refit buffers it before calling the serializer).
    /// </summary>
    public static HttpContent JsonContent(byte[] body)
    {
        var content = new StreamContent(new MemoryStream(body, writable: false));
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-8");
        return content;
    }

    /// <summary><see cref="JsonContent"/> buffered with <c>LoadIntoBufferAsync</c>, as Refit (11.2 and later) hands a response to the serializer.</summary>
    public static HttpContent BufferedJsonContent(byte[] body)
    {
        var content = JsonContent(body);
        content.LoadIntoBufferAsync().GetAwaiter().GetResult();
        return content;
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        _requestBody.SetLength(0);
        if (request.Content is { } content)
        {
            // SocketsHttpHandler asks for the length to frame the request (a content may compute or buffer its body to
            // answer), then copies the body out.
            _ = content.Headers.ContentLength;
            await content.CopyToAsync(_requestBody, cancellationToken);
        }

        return new HttpResponseMessage(HttpStatusCode.OK) { Content = JsonContent(responseBody), RequestMessage = request };
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _requestBody.Dispose();
        }

        base.Dispose(disposing);
    }
}
