using System.Net;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// Stands in for the network: drains the request body (so request serialization is really measured, unlike a stub that
/// never reads it) and answers 200 with cached bytes as <c>application/json; charset=utf-8</c>.
/// </summary>
public sealed class StubHandler(byte[] responseBody) : HttpMessageHandler
{
    private readonly MemoryStream _requestBody = new();

    /// <summary>The body of the last request that had one.</summary>
    public ReadOnlyMemory<byte> LastRequestBody => _requestBody.GetBuffer().AsMemory(0, (int)_requestBody.Length);

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
        request.Content is null ? Task.FromResult(Respond(request)) : DrainThenRespondAsync(request, request.Content, cancellationToken);

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _requestBody.Dispose();
        }

        base.Dispose(disposing);
    }

    private async Task<HttpResponseMessage> DrainThenRespondAsync(HttpRequestMessage request, HttpContent content, CancellationToken cancellationToken)
    {
        // SocketsHttpHandler asks for the length to choose Content-Length or chunked framing, then copies the body out;
        // asking is the cost (a content may compute or buffer its body to answer), so the answer itself is dropped.
        _ = content.Headers.ContentLength;
        _requestBody.SetLength(0);
        await content.CopyToAsync(_requestBody, cancellationToken);
        return Respond(request);
    }

    private HttpResponseMessage Respond(HttpRequestMessage request)
    {
        return new HttpResponseMessage(HttpStatusCode.OK) { Content = Shared.JsonContent(responseBody), RequestMessage = request };
    }
}
