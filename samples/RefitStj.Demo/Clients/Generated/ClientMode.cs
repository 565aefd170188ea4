using System.Net;
using System.Reflection;
using System.Text.Json;
using Refit;
using RefitStj.Demo.Clients.Generated;

namespace RefitStj.Demo.Clients;

/// <summary>Real-Refit build (-p:RefitVersion=...): clients from <c>RestService.For&lt;IGitHubApi&gt;</c>.</summary>
internal static class ClientMode
{
    /// <summary>What the client is, a line each.</summary>
    public static readonly string[] Client =
    [
        $"Refit {RefitVersion()}: RestService.For<IGitHubApi>(http, new RefitSettings",
        "{ ContentSerializer = serializer, Buffered = true })",
        "(the default build calls HttpClient the way Refit does, without the Refit package)",
    ];

    public const string BuiltIn = "Refit's own SystemTextJsonContentSerializer (its default options)";

    /// <param name="http">The client to send with.</param>
    /// <param name="bufferBodies">
    /// Refit's <see cref="RefitSettings.Buffered"/>: load each request body into a buffer before sending. Without it Refit
    /// copies every JSON body into a PushStreamContent, which has no length, so it goes out chunked.
    /// </param>
    public static IGitHubClient CreateRefitStj(HttpClient http, bool bufferBodies) =>
        Create(http, new RefitSettings { ContentSerializer = new StjContentSerializer(), Buffered = bufferBodies });

    /// <inheritdoc cref="CreateRefitStj"/>
    public static IGitHubClient CreateBuiltIn(HttpClient http, bool bufferBodies) =>
        Create(http, new RefitSettings { ContentSerializer = new SystemTextJsonContentSerializer(), Buffered = bufferBodies });

    public static HttpStatusCode? StatusCodeOf(Exception exception) => (exception as ApiException)?.StatusCode;

    /// <summary>Whether <paramref name="exception"/> is how a Refit call fails: an ApiException, a transport error or a body that does not deserialize.</summary>
    public static bool IsCallFailure(Exception exception) => exception is ApiExceptionBase or HttpRequestException or JsonException;

    /// <summary>The exception's message, with the start of the response body when Refit kept it.</summary>
    public static string Describe(Exception exception) => exception is ApiException { Content: { Length: > 0 } body }
        ? $"{exception.Message} {(body.Length > 200 ? body[..200] + "..." : body)}"
        : exception.Message;

    private static RefitGitHubClient Create(HttpClient http, RefitSettings settings) =>
        new(RestService.For<IGitHubApi>(http, settings));

    private static string RefitVersion()
    {
        var version = typeof(RestService).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "?";
        var plus = version.IndexOf('+', StringComparison.Ordinal);
        return plus < 0 ? version : version[..plus];
    }
}
