using System.Collections.Concurrent;
using System.IO.Compression;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>The ways <see cref="FaultyServer"/> ends a response badly, on <c>/fault/{name}</c>.</summary>
public enum Fault
{
    /// <summary>A chunked JSON array of people (about 64 KB), the connection aborted halfway through.</summary>
    CutArray,

    /// <summary>Content-Length: 100000, then 50,000 bytes of the array and the connection aborted.</summary>
    ShortContentLength,

    /// <summary>The array gzipped (Content-Encoding: gzip), the connection aborted halfway through the compressed bytes.</summary>
    CutGzip,

    /// <summary>Half the gzipped array, then the response ends cleanly: the compressed stream itself is cut.</summary>
    TruncatedGzip,

    /// <summary>A JSON array streamed item by item, the connection aborted after <see cref="FaultyServer.ItemsBeforeCut"/> items.</summary>
    CutArrayStream,

    /// <summary>JSON Lines (application/x-ndjson), aborted after <see cref="FaultyServer.ItemsBeforeCut"/> lines.</summary>
    CutLines,

    /// <summary>Server-sent events, aborted after <see cref="FaultyServer.ItemsBeforeCut"/> events.</summary>
    CutEvents,

    /// <summary>A JSON array of <see cref="FaultyServer.ItemsBeforeCut"/> items that then stalls until the client goes.</summary>
    Stall,
}

/// <summary>
/// A server whose responses fail on the wire the ways real ones do: aborted mid-body, shorter than their Content-Length,
/// cut inside a compressed stream, stalled. <c>/ok</c> answers a small array, to show a client still works afterwards.
/// </summary>
internal static class FaultyServer
{
    public const int ItemsBeforeCut = 100;

    public const int ArrayLength = 2_000;

    public static readonly byte[] Array = JsonSerializer.SerializeToUtf8Bytes(
        Enumerable.Range(0, ArrayLength).Select(i => new Person("person " + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions());

    private static readonly byte[] s_gzipped = Gzip(Array);

    public static List<Person> Ok { get; } = [new("Ada", 36), new("Grace", 45)];

    public static async Task ServeAsync(HttpContext context)
    {
        var response = context.Response;
        var path = context.Request.Path.Value ?? "";
        if (path == "/ok")
        {
            await response.WriteAsJsonAsync(Ok, StjContentSerializer.CreateDefaultOptions());
            return;
        }

        var fault = Enum.Parse<Fault>(path["/fault/".Length..]);
        response.ContentType = fault switch
        {
            Fault.CutLines => "application/x-ndjson",
            Fault.CutEvents => "text/event-stream",
            _ => "application/json; charset=utf-8",
        };
        switch (fault)
        {
            case Fault.CutArray:
                await WriteAndAbortAsync(context, Array.AsMemory(0, Array.Length / 2));
                break;
            case Fault.ShortContentLength:
                response.ContentLength = 100_000;
                await WriteAndAbortAsync(context, Array.AsMemory(0, 50_000));
                break;
            case Fault.CutGzip:
                response.Headers.ContentEncoding = "gzip";
                await WriteAndAbortAsync(context, s_gzipped.AsMemory(0, s_gzipped.Length / 2));
                break;
            case Fault.TruncatedGzip:
                response.Headers.ContentEncoding = "gzip";
                await response.Body.WriteAsync(s_gzipped.AsMemory(0, s_gzipped.Length / 2));
                break;
            case Fault.CutArrayStream or Fault.CutLines or Fault.CutEvents:
                await WriteAndAbortAsync(context, Items(fault));
                break;
            case Fault.Stall:
                await response.Body.WriteAsync(Encoding.UTF8.GetBytes("[" + string.Join(",", Enumerable.Range(0, ItemsBeforeCut).Select(Item))));
                await response.Body.FlushAsync();
                await Task.Delay(Timeout.Infinite, context.RequestAborted).ContinueWith(_ => { }, TaskScheduler.Default);
                break;
        }
    }

    private static string Item(int i) => $$"""{"name":"person {{i}}","age":{{i}}}""";

    private static byte[] Items(Fault fault) => Encoding.UTF8.GetBytes(fault switch
    {
        Fault.CutArrayStream => "[" + string.Join(",", Enumerable.Range(0, ItemsBeforeCut).Select(Item)) + ",",
        Fault.CutLines => string.Concat(Enumerable.Range(0, ItemsBeforeCut).Select(i => Item(i) + "\n")),
        _ => string.Concat(Enumerable.Range(0, ItemsBeforeCut).Select(i => "data: " + Item(i) + "\n\n")),
    });

    private static readonly ConcurrentDictionary<string, TaskCompletionSource> s_received = new();

    /// <summary>Told by the client (<see cref="ReceivedSignalHandler"/>) that the response with this id reached it.</summary>
    public static void Received(string id) => s_received.GetOrAdd(id, _ => new(TaskCreationOptions.RunContinuationsAsynchronously)).TrySetResult();

    private static async Task WriteAndAbortAsync(HttpContext context, ReadOnlyMemory<byte> body)
    {
        await context.Response.Body.WriteAsync(body);
        await context.Response.Body.FlushAsync();

        // Cut once the client has the response (a send that fails is a different fault), never after a guessed delay;
        // bounded, so a client that never says so still gets its cut.
        if (context.Request.Headers.TryGetValue(ReceivedSignalHandler.Header, out var id))
        {
            var received = s_received.GetOrAdd(id.ToString(), _ => new(TaskCreationOptions.RunContinuationsAsynchronously));
            await received.Task.WaitAsync(TimeSpan.FromSeconds(10)).ContinueWith(_ => { }, TaskScheduler.Default);
            s_received.TryRemove(id.ToString(), out _);
        }

        context.Abort();
    }

    private static byte[] Gzip(byte[] bytes)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest))
        {
            gzip.Write(bytes);
        }

        return output.ToArray();
    }
}

/// <summary>
/// The lowest handler of a fault client: tags each request, and tells <see cref="FaultyServer"/> once the response's
/// headers (and the bytes sent with them) have reached the client, so the server cuts only then.
/// </summary>
internal sealed class ReceivedSignalHandler : DelegatingHandler
{
    public const string Header = "X-Fault-Id";

    public ReceivedSignalHandler()
    {
    }

    public ReceivedSignalHandler(HttpMessageHandler inner)
        : base(inner)
    {
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var id = Guid.NewGuid().ToString("N");
        request.Headers.Add(Header, id);
        var response = await base.SendAsync(request, cancellationToken);
        FaultyServer.Received(id);
        return response;
    }
}
