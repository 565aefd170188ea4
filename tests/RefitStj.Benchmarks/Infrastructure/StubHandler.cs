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

    /// <summary>A new content over <paramref name="body"/> with the Content-Type raw, as a connection adds it.</summary>
    public static ByteArrayContent JsonContent(byte[] body)
    {
        var content = new ByteArrayContent(body);
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-8");
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
