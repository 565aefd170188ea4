using System.Diagnostics;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Suites.Load;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>
/// A thousand faulting calls, mixed over every read path, both protocols and both client kinds, RefitStj behind the
/// limit handler: not one ends as a value, and the process keeps no memory or threads for them.
/// </summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed class FaultSoakTests(ITestOutputHelper output)
{
    private const int Calls = 1_000;

    private static readonly Fault[] s_taskFaults = [Fault.CutArray, Fault.ShortContentLength, Fault.CutGzip, Fault.TruncatedGzip];
    private static readonly Fault[] s_streamFaults = [Fault.CutArrayStream, Fault.CutLines, Fault.CutEvents];

    [Fact]
    public async Task A_Thousand_Mixed_Faulting_Calls_End_As_Errors_And_Leave_Nothing_Behind()
    {
        await using var http1 = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, ServerProtocol.Http1);
        await using var http2 = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, ServerProtocol.Http2);
        var clients = new List<FaultClient>();
        foreach (var server in new[] { http1, http2 })
        {
            foreach (var kind in new[] { ClientKind.RestService, ClientKind.HttpClientFactory })
            {
                clients.Add(new FaultClientShape(server == http1 ? ServerProtocol.Http1 : ServerProtocol.Http2, kind, SerializerKind.RefitStj, LimitHandler: true).Create(server));
            }
        }

        try
        {
            // Warmed up first at the same concurrency, so what the first calls load, pool and start once (thread-pool
            // threads among them) is not counted as kept.
            using var deadline = new CancellationTokenSource(TimeSpan.FromMinutes(3));
            var parallel = new ParallelOptions { MaxDegreeOfParallelism = 16, CancellationToken = deadline.Token };
            await Parallel.ForEachAsync(Enumerable.Range(0, 100), parallel, async (i, _) => await Call(clients[i % clients.Count], i));
            var (heapBefore, threadsBefore) = Footprint();
            int silent = 0, errors = 0;

            await Parallel.ForEachAsync(Enumerable.Range(0, Calls), parallel, async (i, _) =>
            {
                if (await Call(clients[i % clients.Count], i))
                {
                    Interlocked.Increment(ref errors);
                }
                else
                {
                    Interlocked.Increment(ref silent);
                }
            });

            var (heapAfter, threadsAfter) = Footprint();
            output.WriteLine($"{errors} errors, {silent} silent successes; heap {heapBefore:N0} -> {heapAfter:N0} B; threads {threadsBefore} -> {threadsAfter}");

            Assert.Equal((Calls, 0), (errors, silent));
            // Within what the process settles at, not per call: 1,000 and 3,000 calls both ended about 2.5 MB and ten
            // thread-pool threads (injected on a busy machine, retired when idle) above the warmed-up figures.
            Assert.True(heapAfter - heapBefore < 16 * 1024 * 1024, $"heap grew by {heapAfter - heapBefore:N0} B");
            Assert.True(threadsAfter - threadsBefore <= parallel.MaxDegreeOfParallelism, $"threads grew from {threadsBefore} to {threadsAfter}");
        }
        finally
        {
            foreach (var client in clients)
            {
                await client.DisposeAsync();
            }
        }
    }

    /// <summary>One faulting call, chosen by <paramref name="i"/>; true when it ended as an error.</summary>
    private static async Task<bool> Call(FaultClient client, int i)
    {
        var fault = i % 3 == 2 ? s_streamFaults[i / 3 % s_streamFaults.Length] : s_taskFaults[i / 3 % s_taskFaults.Length];
        try
        {
            switch (i % 3)
            {
                case 0:
                    await client.Api.Get(fault);
                    return false;
                case 1:
                    using (var response = await client.Api.GetResponse(fault))
                    {
                        return response.Error is not null && response.Content is null;
                    }

                default:
                    await foreach (var _ in client.Api.Stream(fault).WithCancellation(CancellationToken.None))
                    {
                    }

                    return false;
            }
        }
        catch (Exception ex) when (ex is Refit.ApiException or IOException)
        {
            return true;
        }
    }

    private static (long Heap, int Threads) Footprint()
    {
        var heap = GC.GetTotalMemory(forceFullCollection: true);
        using var process = Process.GetCurrentProcess();
        return (heap, process.Threads.Count);
    }
}
