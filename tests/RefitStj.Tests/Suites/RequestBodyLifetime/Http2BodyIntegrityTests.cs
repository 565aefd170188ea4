using System.Collections.Concurrent;
using System.Globalization;
using System.Net;
using System.Text.Json;
using System.Threading.Channels;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

/// <summary>
/// Request bodies over real HTTP/2 (Kestrel, h2c on 127.0.0.1). HTTP/2 flow control lets the server answer before it
/// has read the body, so SendAsync returns, and the caller disposes the request (as Refit does), while the handler is
/// still writing the body. Every body the server receives must be exactly the one sent. Returned arrays are poisoned,
/// so a byte read after its array went back cannot pass unnoticed, and the server reads each body only once the client
/// has disposed that request, so the handler is always still writing when it is disposed.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class Http2BodyIntegrityTests
{
    private const int LargeWorker = 100;

    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(30);

    private readonly StjContentSerializer _serializer = new();

    // Per request path: completed by the client once it has disposed the request; the server reads the body after that.
    private readonly ConcurrentDictionary<string, TaskCompletionSource> _disposed = new();

    public enum ServerAnswer
    {
        /// <summary>Sends the response headers, then reads the body, then ends the response.</summary>
        HeadersFirst,

        /// <summary>Sends and ends the whole response, then reads the body.</summary>
        ResponseComplete,
    }

    [Theory]
    [InlineData(ServerAnswer.HeadersFirst, ServerProtocol.Http2MinimumWindows, false)]
    [InlineData(ServerAnswer.HeadersFirst, ServerProtocol.Http2, false)]
    [InlineData(ServerAnswer.ResponseComplete, ServerProtocol.Http2MinimumWindows, false)]
    [InlineData(ServerAnswer.ResponseComplete, ServerProtocol.Http2, false)]
    [InlineData(ServerAnswer.HeadersFirst, ServerProtocol.Http2MinimumWindows, true)]
    [InlineData(ServerAnswer.ResponseComplete, ServerProtocol.Http2, true)]
    public async Task Every_Body_Arrives_Intact_When_The_Request_Is_Disposed_Right_After_SendAsync(ServerAnswer answer, ServerProtocol protocol, bool synchronous)
    {
        const int count = 40;
        using var pool = new CountingPool(poison: true);
        var verdicts = Channel.CreateUnbounded<string>();
        await using var server = await LoopbackServer.StartAsync(context => Answer(context, answer, verdicts.Writer), protocol);
        using var client = server.CreateClient();

        await SendAll(client, worker: 0, count, synchronous);

        AssertAllIntact(await Take(verdicts.Reader, count));
        Assert.Equal(0, pool.BadReturns);
        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData(ServerAnswer.HeadersFirst, false)]
    [InlineData(ServerAnswer.ResponseComplete, true)]
    public async Task Bodies_Written_With_A_Given_JsonTypeInfo_Arrive_Intact_When_The_Request_Is_Disposed_Right_After_SendAsync(ServerAnswer answer, bool synchronous)
    {
        const int count = 40;
        using var pool = new CountingPool(poison: true);
        var verdicts = Channel.CreateUnbounded<string>();
        await using var server = await LoopbackServer.StartAsync(context => Answer(context, answer, verdicts.Writer), ServerProtocol.Http2MinimumWindows);
        using var client = server.CreateClient();

        await SendAll(client, worker: 0, count, synchronous, typed: true);

        AssertAllIntact(await Take(verdicts.Reader, count));
        Assert.Equal(0, pool.BadReturns);
        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData(ServerAnswer.HeadersFirst, false)]
    [InlineData(ServerAnswer.ResponseComplete, true)]
    public async Task Bodies_Of_Several_Segments_Arrive_Intact_When_The_Request_Is_Disposed_Right_After_SendAsync(ServerAnswer answer, bool synchronous)
    {
        const int count = 6;
        using var pool = new CountingPool(poison: true);
        var verdicts = Channel.CreateUnbounded<string>();
        await using var server = await LoopbackServer.StartAsync(context => Answer(context, answer, verdicts.Writer), ServerProtocol.Http2MinimumWindows);
        using var client = server.CreateClient();

        await SendAll(client, LargeWorker, count, synchronous);

        AssertAllIntact(await Take(verdicts.Reader, count));
        Assert.Equal(0, pool.BadReturns);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task Concurrent_Workers_Each_Get_Their_Own_Bytes_Through()
    {
        const int workers = 8, perWorker = 15;
        using var pool = new CountingPool(poison: true);
        var verdicts = Channel.CreateUnbounded<string>();
        await using var server = await LoopbackServer.StartAsync(context => Answer(context, ServerAnswer.HeadersFirst, verdicts.Writer), ServerProtocol.Http2);
        using var client = server.CreateClient();

        await Task.WhenAll(Enumerable.Range(0, workers).Select(worker => Task.Run(() => SendAll(client, worker, perWorker, synchronous: worker % 2 == 1))));

        AssertAllIntact(await Take(verdicts.Reader, workers * perWorker));
        Assert.Equal(0, pool.BadReturns);
        Assert.Equal(0, pool.Outstanding);
    }

    /// <summary>
    /// About 140-190 KB (about 2.5 MB, more than one segment, from worker <see cref="LargeWorker"/> on), different in
    /// every byte position from one request to the next.
    /// </summary>
    internal static Person Body(int worker, int index) =>
        new(new string((char)('a' + ((worker * 7) + index) % 26), (worker >= LargeWorker ? 2_500_000 : 140_000) + ((index % 6) * 10_000)), (worker * 1000) + index);

    private async Task SendAll(HttpClient client, int worker, int count, bool synchronous, bool typed = false)
    {
        using var cts = new CancellationTokenSource(s_timeout);
        var next = Create(Body(worker, 0), synchronous, typed);
        for (var i = 0; i < count; i++)
        {
            var path = $"/{worker}/{i}";
            var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = next };
            var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cts.Token);
            request.Dispose();

            // The next body is serialized while this one is still on its way, as a busy client would.
            next = i + 1 < count ? Create(Body(worker, i + 1), synchronous, typed) : null;
            DisposedSignal(path).TrySetResult();
            using (response)
            {
                Assert.Equal(HttpStatusCode.OK, response.StatusCode);
                Assert.Equal(HttpVersion.Version20, response.Version);
                await response.Content.ReadAsByteArrayAsync(cts.Token);
            }
        }
    }

    // Typed: Refit 16's JsonTypeInfo<T> overloads, with metadata that writes what the serializer's own options write.
    private HttpContent Create(Person body, bool synchronous, bool typed) => (synchronous, typed) switch
    {
        (true, true) => _serializer.ToHttpContentSynchronous(body, DropInJsonContext.Default.Person),
        (false, true) => _serializer.ToHttpContent(body, DropInJsonContext.Default.Person),
        (true, false) => _serializer.ToHttpContentSynchronous(body),
        _ => _serializer.ToHttpContent(body),
    };

    private async Task Answer(HttpContext context, ServerAnswer answer, ChannelWriter<string> verdicts)
    {
        var path = context.Request.Path.Value!.Split('/');
        var expected = JsonSerializer.SerializeToUtf8Bytes(Body(int.Parse(path[1], CultureInfo.InvariantCulture), int.Parse(path[2], CultureInfo.InvariantCulture)), _serializer.Options);
        if (answer == ServerAnswer.HeadersFirst)
        {
            // StartAsync alone leaves the headers in Kestrel's HTTP/2 output until something flushes it.
            await context.Response.StartAsync();
            await context.Response.Body.FlushAsync();
        }
        else
        {
            await context.Response.CompleteAsync();
        }

        await DisposedSignal(context.Request.Path).Task.WaitAsync(s_timeout);
        using var received = new MemoryStream();
        await context.Request.Body.CopyToAsync(received);
        verdicts.TryWrite(Compare(context.Request.Path, expected, received.ToArray()));
    }

    private TaskCompletionSource DisposedSignal(string path) =>
        _disposed.GetOrAdd(path, _ => new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously));

    internal static string Compare(string name, byte[] expected, byte[] received)
    {
        var mismatch = expected.AsSpan().CommonPrefixLength(received);
        return mismatch == expected.Length && received.Length == expected.Length
            ? "ok"
            : $"{name}: byte {mismatch} of {expected.Length} is wrong ({received.Length} received)";
    }

    internal static async Task<List<string>> Take(ChannelReader<string> verdicts, int count)
    {
        using var cts = new CancellationTokenSource(s_timeout);
        var taken = new List<string>();
        while (taken.Count < count)
        {
            taken.Add(await verdicts.ReadAsync(cts.Token));
        }

        return taken;
    }

    internal static void AssertAllIntact(List<string> verdicts) => Assert.All(verdicts, verdict => Assert.Equal("ok", verdict));
}
