using System.Globalization;
using System.Net;
using System.Text;
using Refit;

namespace RefitStj.AotTest.Compat;

/// <summary>
/// Runs every case through a Refit client in each of Refit's body modes and writes one line per call: the mode, the
/// call, the request as it would go out (media type, Content-Length or none, body bytes) and what was read, or the
/// exception types if the call threw. Two serializers with the same transcript send and read the same.
/// </summary>
internal static class Transcript
{
    /// <summary>Refit's body modes, by the names the transcript uses.</summary>
    public static IReadOnlyList<(string Name, Action<RefitSettings> Apply)> Modes { get; } =
    [
        ("default", static _ => { }),
        ("buffered", static s => s.Buffered = true),
        ("serialization-buffered", static s => s.RequestBodySerialization = RequestBodySerializationMode.Buffered),
        ("serialization-streamed", static s => s.RequestBodySerialization = RequestBodySerializationMode.Streamed),
    ];

    /// <summary>The lines for <paramref name="serializer"/>; <paramref name="create"/> builds the client from Refit's settings.</summary>
    public static async Task<List<string>> RunAsync(IHttpContentSerializer serializer, Func<HttpClient, RefitSettings, ICompatApi> create)
    {
        var lines = new List<string>();
        foreach (var (mode, apply) in Modes)
        {
            var stub = new CompatStub();
            using var http = new HttpClient(stub) { BaseAddress = new Uri("http://compat.test") };
            var settings = new RefitSettings { ContentSerializer = serializer };
            apply(settings);
            var api = create(http, settings);
            foreach (var c in CompatCases.All)
            {
                string read;
                try
                {
                    read = await c.Call(api, c.Name).ConfigureAwait(false);
                }
                catch (Exception ex)
                {
                    read = "throws " + ex.GetType().Name + (ex.InnerException is { } inner ? "(" + inner.GetType().Name + ")" : string.Empty);
                }

                lines.Add($"{mode} {c.Name} > {stub.LastRequest} < {read}");
            }
        }

        return lines;
    }

    /// <summary>Answers each case with its response and records the request as a socket handler would send it.</summary>
    private sealed class CompatStub : HttpMessageHandler
    {
        private static readonly Dictionary<string, string> s_responses = CompatCases.All.ToDictionary(c => c.Name, c => c.Response);

        public string LastRequest { get; private set; } = string.Empty;

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            // The length first: reading the body buffers it, and a buffered content reports a length either way.
            var content = request.Content;
            var length = content?.Headers.ContentLength;
            var body = content is null ? null : await content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
            LastRequest = content is null
                ? request.Method.Method + " no body"
                : string.Create(CultureInfo.InvariantCulture, $"{request.Method.Method} [{content.Headers.ContentType}] [{(length is null ? "no length" : "length " + length)}] {Encoding.UTF8.GetString(body!)}");

            var name = request.RequestUri!.Segments[^1];
            var response = new HttpResponseMessage(HttpStatusCode.OK) { RequestMessage = request };
            response.Content = new ByteArrayContent(Encoding.UTF8.GetBytes(s_responses[name]));
            response.Content.Headers.ContentType = new("application/json") { CharSet = "utf-8" };
            return response;
        }
    }
}
