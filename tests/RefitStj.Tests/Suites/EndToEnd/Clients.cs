using System.Net;
using System.Text;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>Builds real Refit clients over a stubbed handler, always with <see cref="StjContentSerializer"/>.</summary>
internal static class Clients
{
    public const string JsonUtf8 = "application/json; charset=utf-8";

    public const string PersonJson = """{"name":"Ada","age":36}""";

    public static Person Ada { get; } = new("Ada", 36);

    private static RefitSettings Settings(Action<RefitSettings>? configure = null)
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };
        configure?.Invoke(settings);
        return settings;
    }

    public static T For<T>(HttpMessageHandler handler, Action<RefitSettings>? configure = null) =>
        RestService.ForGenerated<T>(Http(handler), Settings(configure));

    /// <summary>An HttpClient over <paramref name="handler"/>, which answers the way a socket handler would.</summary>
    public static HttpClient Http(HttpMessageHandler handler) =>
        new(new LikeSocketsHandler(handler)) { BaseAddress = new Uri("http://localhost") };

    /// <summary>A handler answering every request with <paramref name="status"/> and a JSON body (a fresh content each time).</summary>
    public static StubHandler Answering(HttpStatusCode status, string body, string? mediaType = "application/json") =>
        new(_ => new HttpResponseMessage(status) { Content = Bodies.Json(body, mediaType) });

    /// <summary>A handler answering with a body that trickles in through a non-seekable stream with no Content-Length.</summary>
    public static StubHandler Trickling(HttpStatusCode status, string body, int chunk = 3, string? mediaType = "application/json") =>
        new(_ => new HttpResponseMessage(status) { Content = Bodies.Streamed(Encoding.UTF8.GetBytes(body), mediaType, chunk) });

    public static StubHandler NoContent() => StubHandler.Returning(HttpStatusCode.NoContent);

    /// <summary>
    /// Sets <see cref="HttpResponseMessage.RequestMessage"/> as SocketsHttpHandler always does: Refit 15's exception
    /// factory requires it, and Moq-built handlers do not set it.
    /// </summary>
    private sealed class LikeSocketsHandler(HttpMessageHandler inner) : DelegatingHandler(inner)
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var response = await base.SendAsync(request, cancellationToken);
            response.RequestMessage ??= request;
            return response;
        }
    }
}
