using System.Collections.Concurrent;
using System.Text;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Lines;

/// <summary>What the server received: the request as both serializers must send it.</summary>
internal sealed record Received(string Method, string PathAndQuery, string? ContentType, string Framing, string Body)
{
    public override string ToString() => $"{Method} {PathAndQuery} | {ContentType ?? "(no type)"} | {Framing} | {Body}";
}

/// <summary>
/// One Kestrel server per protocol for the whole class: echo routes send the request body back, reply routes a canned
/// body, and every request is recorded (the calls run one at a time, so the last request is the call's).
/// </summary>
public sealed class LineServer : IAsyncLifetime
{
    private static readonly Dictionary<string, string> s_replies = new(StringComparer.Ordinal)
    {
        ["quote"] = """{"price":12.5,"count":3,"big":5000000000}""",
        ["order"] = """{"id":7,"name":"Ada","tier":1,"maybe":0,"total":19.99,"note":"n","tag":"vip","items":[{"sku":"a","quantity":2}]}""",
        ["nulls"] = """{"id":1,"name":null,"tier":0,"maybe":null,"total":0,"note":null,"tag":null,"items":null}""",
        ["enum-names"] = """{"tier":"goldPlus","maybe":"basic","tiers":["basic","goldPlus"]}""",
        ["enum-numbers"] = """{"tier":1,"maybe":null,"tiers":[0,1]}""",
        ["objects"] = """[{"value":1},{"value":2.5},{"value":"s"},{"value":true},{"value":null},{"value":[1,"a"]},{"value":{"a":1}}]""",
        ["strings-numbers"] = """{"price":"12.50","count":"3","big":"5000000000"}""",
    };

    private static readonly Dictionary<string, (string Type, string Body)> s_streams = new(StringComparer.Ordinal)
    {
        ["array"] = ("application/json", """[{"sku":"a","quantity":1},{"sku":"b","quantity":2}]"""),
        ["lines"] = ("application/x-ndjson", "{\"sku\":\"a\",\"quantity\":1}\n{\"sku\":\"b\",\"quantity\":2}\n"),
        ["events"] = ("text/event-stream", "data: {\"sku\":\"a\",\"quantity\":1}\n\ndata: {\"sku\":\"b\",\"quantity\":2}\n\n"),
    };

    private const string ProblemJson =
        """{"type":"https://example.test/validation","title":"Invalid","status":400,"detail":"Name is required","instance":"/problem","errors":{"name":["required"]}}""";

    private readonly ConcurrentQueue<Received> _received = new();

    internal LoopbackServer Http1 { get; private set; } = null!;

    internal LoopbackServer H2c { get; private set; } = null!;

    /// <summary>Rows of the parity table, gathered across the pairings of the class.</summary>
    internal ConcurrentDictionary<(int Pairing, int Call), string> Rows { get; } = new();

    public async Task InitializeAsync()
    {
        Http1 = await LoopbackServer.StartAsync(HandleAsync, ServerProtocol.Http1);
        H2c = await LoopbackServer.StartAsync(HandleAsync, ServerProtocol.Http2);
    }

    public async Task DisposeAsync()
    {
        await Http1.DisposeAsync();
        await H2c.DisposeAsync();
    }

    /// <summary>Forgets what came before a call.</summary>
    internal void Clear() => _received.Clear();

    /// <summary>The one request of the call just made.</summary>
    internal Received Single()
    {
        Assert.Single(_received);
        return _received.First();
    }

    private async Task HandleAsync(HttpContext context)
    {
        var request = context.Request;
        using var buffer = new MemoryStream();
        await request.Body.CopyToAsync(buffer);
        var body = Encoding.UTF8.GetString(buffer.ToArray());
        var framing = request.Headers.TransferEncoding.Count > 0
            ? "transfer-encoding: " + request.Headers.TransferEncoding
            : request.ContentLength is { } length ? "content-length: " + length : "no length";
        _received.Enqueue(new(request.Method, request.Path + request.QueryString, request.ContentType, framing, body));

        var path = request.Path.Value!;
        var response = context.Response;
        if (path.StartsWith("/echo/", StringComparison.Ordinal))
        {
            await Write(response, 200, "application/json; charset=utf-8", body);
        }
        else if (path.StartsWith("/reply/", StringComparison.Ordinal))
        {
            await Write(response, 200, "application/json; charset=utf-8", s_replies[path["/reply/".Length..]]);
        }
        else if (path.StartsWith("/stream/", StringComparison.Ordinal))
        {
            var (type, stream) = s_streams[path["/stream/".Length..]];
            await Write(response, 200, type, stream);
        }
        else if (path == "/problem")
        {
            await Write(response, 400, "application/problem+json", ProblemJson);
        }
        else
        {
            response.StatusCode = 204;
        }
    }

    private static async Task Write(HttpResponse response, int status, string type, string body)
    {
        response.StatusCode = status;
        response.ContentType = type;
        await response.WriteAsync(body);
    }
}
