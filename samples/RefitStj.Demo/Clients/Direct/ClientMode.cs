using System.Net;
using System.Text.Json;
using RefitStj.Demo.Clients.Direct;

namespace RefitStj.Demo.Clients;

/// <summary>Default build (Refit's serializer contract only, no RestService): clients that call HttpClient as Refit does.</summary>
internal static class ClientMode
{
    /// <summary>What the client is, a line each.</summary>
    public static readonly string[] Client =
    [
        "HttpClient, called as a Refit client with Buffered = true calls it: serializer.ToHttpContent and",
        "LoadIntoBufferAsync for the body, SendAsync with ResponseHeadersRead, LoadIntoBufferAsync for the",
        "response, then serializer.FromHttpContentAsync",
        "(build with -p:RefitVersion=<version> for a real Refit RestService client)",
    ];

    public const string BuiltIn = "System.Net.Http.Json (JsonContent.Create / ReadFromJsonAsync) with Refit's default options";

    /// <param name="http">The client to send with.</param>
    /// <param name="bufferBodies">Load each request body into a buffer before sending, as Refit's <c>Buffered = true</c> does.</param>
    public static IGitHubClient CreateRefitStj(HttpClient http, bool bufferBodies) =>
        new DirectGitHubClient(http, new StjBodySerializer(new StjContentSerializer()), bufferBodies);

    /// <inheritdoc cref="CreateRefitStj"/>
    public static IGitHubClient CreateBuiltIn(HttpClient http, bool bufferBodies) =>
        new DirectGitHubClient(http, new BuiltInBodySerializer(StjContentSerializer.CreateDefaultOptions()), bufferBodies);

    public static HttpStatusCode? StatusCodeOf(Exception exception) => (exception as HttpRequestException)?.StatusCode;

    /// <summary>Whether <paramref name="exception"/> is how a call fails: an HTTP error or a body that does not deserialize.</summary>
    public static bool IsCallFailure(Exception exception) => exception is HttpRequestException or JsonException;

    /// <summary>The exception's message (a failed call's includes the start of the response body).</summary>
    public static string Describe(Exception exception) => exception.Message;
}
