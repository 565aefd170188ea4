using System.Buffers;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Refit;

namespace RefitStj.BodyMemory;

/// <summary>
/// Rounds of concurrent POSTs of one large list through a Refit client to Kestrel on 127.0.0.1 (HTTP/1.1, one connection
/// per POST in flight), in this process: the managed heap's peak over its level after a warm-up round (sampled every
/// 5 ms), gen-2 collections and bytes allocated per POST (client and server together). The server compares every body
/// with the bytes it must be and answers 400 when it differs.
/// </summary>
internal static class ConcurrentMode
{
    public static async Task<int> RunAsync(bool smoke)
    {
        Report.Header(smoke ? "concurrent --smoke" : "concurrent");
        var body = Body.Create(smoke ? 256 * 1024 : 10 * 1024 * 1024);
        int concurrency = smoke ? 2 : 64, rounds = smoke ? 1 : 5;
        Console.WriteLine($"{rounds} rounds (after one warm-up round) of {concurrency} concurrent POSTs of a {body.Size} list\n");

        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0);
            kestrel.Limits.MaxRequestBodySize = null;
        });
        await using var app = builder.Build();
        app.Run(context => ReceiveAsync(context, body.Json));
        await app.StartAsync().ConfigureAwait(false);
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();

        using var http = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = concurrency })
        {
            BaseAddress = new Uri(address),
            Timeout = TimeSpan.FromSeconds(120),
        };
        var failures = 0;
        var rows = new List<string[]>();
        (string Name, IHttpContentSerializer Serializer)[] serializers =
        [
            ("Refit's serializer", new SystemTextJsonContentSerializer(BodyJsonContext.Default.Options)),
            ("RefitStj", StjContentSerializer.ForContext(BodyJsonContext.Default)),
        ];
        foreach (var mode in (RequestBodySerializationMode[])[RequestBodySerializationMode.Default, RequestBodySerializationMode.Buffered])
        {
            foreach (var (name, serializer) in serializers)
            {
                var api = RestService.ForGenerated<IUploadApi>(http, new RefitSettings { ContentSerializer = serializer, RequestBodySerialization = mode });
                failures += await RoundAsync(api, body, concurrency).ConfigureAwait(false);
                var baseline = GC.GetTotalMemory(forceFullCollection: true);
                var gen2 = GC.CollectionCount(2);
                var allocated = GC.GetTotalAllocatedBytes(precise: true);
                using var sampling = new CancellationTokenSource();
                var peak = SamplePeakAsync(sampling.Token);
                for (var round = 0; round < rounds; round++)
                {
                    failures += await RoundAsync(api, body, concurrency).ConfigureAwait(false);
                }

                var perPost = (GC.GetTotalAllocatedBytes(precise: true) - allocated) / (rounds * concurrency);
                gen2 = GC.CollectionCount(2) - gen2;
                await sampling.CancelAsync().ConfigureAwait(false);
                var over = await peak.ConfigureAwait(false) - baseline;
                rows.Add([$"{name}, {mode}", Report.Bytes(Math.Max(0, over)), $"{gen2}", Report.Bytes(perPost)]);
            }
        }

        await app.StopAsync().ConfigureAwait(false);
        Report.Table(["Serializer, RequestBodySerialization", "Peak managed heap over baseline", "Gen2 collections", "Allocated per POST"], rows);
        return failures;
    }

    private static async Task<int> RoundAsync(IUploadApi api, Body body, int concurrency)
    {
        var posts = Enumerable.Range(0, concurrency).Select(_ => api.UploadAsync(body.Value, CancellationToken.None)).ToArray();
        var failures = 0;
        foreach (var post in posts)
        {
            try
            {
                await post.ConfigureAwait(false);
            }
            catch (Exception ex) when (ex is ApiException or HttpRequestException or TaskCanceledException)
            {
                Console.Error.WriteLine($"FAILED: a POST of {body.Size}: {ex.Message}");
                failures++;
            }
        }

        return failures;
    }

    private static async Task<long> SamplePeakAsync(CancellationToken stop)
    {
        var peak = GC.GetTotalMemory(forceFullCollection: false);
        using var timer = new PeriodicTimer(TimeSpan.FromMilliseconds(5));
        while (await timer.WaitForNextTickAsync(CancellationToken.None).ConfigureAwait(false) && !stop.IsCancellationRequested)
        {
            peak = Math.Max(peak, GC.GetTotalMemory(forceFullCollection: false));
        }

        return peak;
    }

    // Drains the body through one pooled buffer, comparing it with the expected bytes as it arrives.
    private static async Task ReceiveAsync(HttpContext context, byte[] expected)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
        var offset = 0;
        var same = true;
        try
        {
            int read;
            while ((read = await context.Request.Body.ReadAsync(buffer, context.RequestAborted).ConfigureAwait(false)) > 0)
            {
                same = same && offset + read <= expected.Length && buffer.AsSpan(0, read).SequenceEqual(expected.AsSpan(offset, read));
                offset += read;
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        context.Response.StatusCode = same && offset == expected.Length ? StatusCodes.Status204NoContent : StatusCodes.Status400BadRequest;
    }
}
