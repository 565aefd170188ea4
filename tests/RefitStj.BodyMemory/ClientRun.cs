using System.Globalization;
using System.Net;
using Refit;

namespace RefitStj.BodyMemory;

/// <summary>
/// One measured case, in a process of its own so that nothing measured before it (a pool filled by another serializer or
/// mode) is in its baseline: the managed heap and working set are read once the body's objects exist and before any
/// request (so a warm-up, and whatever a pool keeps from it, counts), then sampled every 5 ms through
/// rounds of concurrent POSTs (<see cref="Rounds"/>, one in smoke mode), and read again after the process has been idle
/// through full collections (what is retained). Prints one line: <c>RESULT peak-heap peak-working-set retained-heap failures wire</c>.
/// </summary>
internal static class ClientRun
{
    public const int Rounds = 2;

    public static async Task<int> RunAsync(string[] args)
    {
        var (serializerName, mode, protocol) = (args[1], args[2], args[3]);
        var concurrency = int.Parse(args[4], CultureInfo.InvariantCulture);
        var size = long.Parse(args[5], CultureInfo.InvariantCulture);
        var address = new Uri(args[6]);
        var smoke = args.Length > 7 && args[7] == "--smoke";
        var body = Body.Create(size);
        IHttpContentSerializer serializer = serializerName == "refit"
            ? new SystemTextJsonContentSerializer(BodyJsonContext.Default.Options)
            : new StjContentSerializer(BodyJsonContext.Default);
        var settings = new RefitSettings
        {
            ContentSerializer = serializer,
            RequestBodySerialization = mode switch
            {
                "sync" => RequestBodySerializationMode.Buffered,
                "streamed" => RequestBodySerializationMode.Streamed,
                _ => RequestBodySerializationMode.Default,
            },
        };
        using var handler = new SocketsHttpHandler { MaxConnectionsPerServer = concurrency };
        using var versioned = new VersionHandler(handler, protocol == "h2c");
        using var http = new HttpClient(versioned) { BaseAddress = address, Timeout = TimeSpan.FromSeconds(300) };
        var api = RestService.ForGenerated<IUploadApi>(http, settings);

        var baselineHeap = CollectedHeap();
        var baselineSet = Environment.WorkingSet;
        using var sampling = new CancellationTokenSource();
        var peak = SamplePeakAsync(sampling.Token);
        var failures = 0;
        var wire = "";
        for (var round = 0; round < (smoke ? 1 : Rounds); round++)
        {
            var posts = Enumerable.Range(0, concurrency)
                .Select(_ => mode == "buffered" ? api.UploadBufferedAsync(size, body.Value, CancellationToken.None) : api.UploadAsync(size, body.Value, CancellationToken.None))
                .ToArray();
            foreach (var post in posts)
            {
                using var response = await post.ConfigureAwait(false);
                if (response.StatusCode != HttpStatusCode.NoContent)
                {
                    Console.Error.WriteLine($"FAILED: a POST of {body.Size} ({serializerName}, {mode}, {protocol}): {response.StatusCode} {response.Error?.Message}");
                    failures++;
                }

                wire = response.Headers?.TryGetValues("X-Length", out var values) == true ? values.First() : "?";
            }
        }

        await sampling.CancelAsync().ConfigureAwait(false);
        var (peakHeap, peakSet) = await peak.ConfigureAwait(false);

        // Idle: full collections a second apart give gen-2-driven trimming (RefitStj's pool, ArrayPool.Shared's) its turns.
        for (var i = 0; i < 3; i++)
        {
            await Task.Delay(smoke ? 10 : 1000).ConfigureAwait(false);
            _ = CollectedHeap();
        }

        var retained = CollectedHeap() - baselineHeap;
        GC.KeepAlive(body);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"RESULT {peakHeap - baselineHeap} {peakSet - baselineSet} {retained} {failures} {wire}"));
        return failures == 0 ? 0 : 1;
    }

    private static long CollectedHeap()
    {
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        return GC.GetTotalMemory(forceFullCollection: true);
    }

    private static async Task<(long Heap, long WorkingSet)> SamplePeakAsync(CancellationToken stop)
    {
        long heap = GC.GetTotalMemory(forceFullCollection: false), set = Environment.WorkingSet;
        using var timer = new PeriodicTimer(TimeSpan.FromMilliseconds(5));
        while (await timer.WaitForNextTickAsync(CancellationToken.None).ConfigureAwait(false) && !stop.IsCancellationRequested)
        {
            heap = Math.Max(heap, GC.GetTotalMemory(forceFullCollection: false));
            set = Math.Max(set, Environment.WorkingSet);
        }

        return (heap, set);
    }

    /// <summary>Sends every request as HTTP/2 over plain text (prior knowledge) or HTTP/1.1; Refit builds its own requests.</summary>
    private sealed class VersionHandler(HttpMessageHandler inner, bool http2) : DelegatingHandler(inner)
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            request.Version = http2 ? HttpVersion.Version20 : HttpVersion.Version11;
            request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
            return base.SendAsync(request, cancellationToken);
        }
    }
}
