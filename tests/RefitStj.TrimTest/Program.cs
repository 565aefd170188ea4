using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj;

// Every call goes through an HttpClient over an in-process handler; any wrong result exits non-zero.
var serializer = new StjContentSerializer(TrimJsonContext.Default);
var failures = 0;
void Check(bool ok, string what)
{
    Console.WriteLine($"{(ok ? "ok  " : "FAIL")} {what}");
    failures += ok ? 0 : 1;
}

using var client = new HttpClient(new InProcessApi(serializer)) { BaseAddress = new Uri("http://api.local/") };

using (var response = await client.GetAsync("repos/1", HttpCompletionOption.ResponseHeadersRead))
{
    await response.Content.LoadIntoBufferAsync();
    var repo = await serializer.FromHttpContentAsync<Repo>(response.Content);
    Check(repo is { Id: 1, Name: "refitstj", Visibility: Visibility.Public }, "GET object");
}

using (var response = await client.GetAsync("repos", HttpCompletionOption.ResponseHeadersRead))
{
    var repos = await serializer.FromHttpContentAsync<List<Repo>>(response.Content);
    Check(repos is { Count: 3 } && repos[2].Name == "repo-2", "GET list (unbuffered)");
}

using (var response = await client.PostAsync("issues", serializer.ToHttpContent(new NewIssue("Trimmed", ["aot", "trim"]))))
{
    var echoed = await response.Content.ReadAsStringAsync();
    Check(echoed == """{"title":"Trimmed","labels":["aot","trim"]}""", "POST body: " + echoed);
    Check(response.Headers.TryGetValues("X-Request-Content-Length", out var sent) && sent.Single() == Encoding.UTF8.GetByteCount(echoed).ToString(System.Globalization.CultureInfo.InvariantCulture), "POST sent with its exact Content-Length");
}

var fromString = serializer.DeserializeFromString<Repo>("""{"id":9,"name":"sync","visibility":"private"}""");
Check(fromString is { Id: 9, Visibility: Visibility.Private }, "sync deserialize");

using (var response = await client.GetAsync("feed", HttpCompletionOption.ResponseHeadersRead))
{
    var ids = new List<int>();
    await foreach (var repo in serializer.FromHttpContentAsAsyncEnumerable<Repo>(response.Content))
    {
        ids.Add(repo!.Id);
    }

    Check(ids.SequenceEqual([10, 11, 12]), "streamed list (JSON Lines)");
}

try
{
    serializer.ToHttpContent(new Unlisted());
    Check(false, "a type missing from the context is rejected");
}
catch (NotSupportedException ex)
{
    Check(ex.Message.Contains("[JsonSerializable(typeof(Unlisted))]", StringComparison.Ordinal), "a type missing from the context is rejected");
}

Check(!JsonSerializer.IsReflectionEnabledByDefault, "reflection-based serialization is off");
Console.WriteLine(failures == 0 ? "trimmed app: all checks passed" : $"trimmed app: {failures} check(s) failed");
return failures == 0 ? 0 : 1;

internal enum Visibility
{
    Public,
    Private,
}

internal sealed record Repo(int Id, string Name, Visibility Visibility);

internal sealed record NewIssue(string Title, string[] Labels);

internal sealed class Unlisted
{
    public int Value { get; set; }
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true, PropertyNameCaseInsensitive = true)]
[JsonSerializable(typeof(Repo))]
[JsonSerializable(typeof(List<Repo>))]
[JsonSerializable(typeof(NewIssue))]
internal sealed partial class TrimJsonContext : JsonSerializerContext;

/// <summary>A tiny API served in process: it echoes request bodies and serves repositories as JSON and JSON Lines.</summary>
internal sealed class InProcessApi(StjContentSerializer serializer) : HttpMessageHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var path = request.RequestUri!.AbsolutePath;
        HttpContent content = path switch
        {
            "/repos/1" => serializer.ToHttpContent(new Repo(1, "refitstj", Visibility.Public)),
            "/repos" => new StreamContent(new MemoryStream(Encoding.UTF8.GetBytes(
                """[{"id":0,"name":"repo-0","visibility":"Public"},{"id":1,"name":"repo-1","visibility":"Public"},{"id":2,"name":"repo-2","visibility":"Private"}]"""))),
            "/feed" => new StringContent("{\"id\":10,\"name\":\"a\",\"visibility\":\"Public\"}\n{\"id\":11,\"name\":\"b\",\"visibility\":\"Public\"}\n{\"id\":12,\"name\":\"c\",\"visibility\":\"Public\"}\n", Encoding.UTF8, "application/x-ndjson"),
            "/issues" => new StringContent(await request.Content!.ReadAsStringAsync(cancellationToken), Encoding.UTF8, "application/json"),
            _ => new StringContent("not found"),
        };
        var response = new HttpResponseMessage(content is StringContent { Headers.ContentType.MediaType: "text/plain" } ? HttpStatusCode.NotFound : HttpStatusCode.OK)
        {
            Content = content,
            RequestMessage = request,
        };
        if (request.Content?.Headers.ContentLength is { } length)
        {
            response.Headers.Add("X-Request-Content-Length", length.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        return response;
    }
}
