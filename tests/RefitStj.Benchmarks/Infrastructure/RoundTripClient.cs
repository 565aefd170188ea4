namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>An <see cref="HttpClient"/> over a <see cref="StubHandler"/>, sending the way a Refit client does.</summary>
public sealed class RoundTripClient : IDisposable
{
    private readonly HttpClient _client;

    public RoundTripClient(byte[] responseBody)
    {
        Handler = new StubHandler(responseBody);
        _client = new HttpClient(Handler, disposeHandler: true);
    }

    public StubHandler Handler { get; }

    /// <summary>
    /// What Refit does per call before deserializing: send with <see cref="HttpCompletionOption.ResponseHeadersRead"/>,
    /// check the status, buffer the body (Refit 11.2+), and dispose the request (and so its content).
    /// The caller reads and disposes the response.
    /// </summary>
    public async Task<HttpResponseMessage> SendAsync(HttpMethod method, Uri uri, HttpContent? body = null)
    {
        using var request = new HttpRequestMessage(method, uri) { Content = body };
        var response = await _client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        if (!response.IsSuccessStatusCode)
        {
            response.Dispose();
            throw new HttpRequestException($"The stub answered {(int)response.StatusCode}.");
        }

        await response.Content.LoadIntoBufferAsync();
        return response;
    }

    public void Dispose() => _client.Dispose();
}
