using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What <see cref="ResponseSizeLimitHandler"/> costs a GET under its limit: Refit clients with Refit's default settings
/// over the same stub, with RefitStj behind the handler (a 64 MiB limit) and without it. The handler wraps the response
/// content, so Refit buffers through it and RefitStj reads that buffer in place.
/// </summary>
[MemoryDiagnoser]
public class ResponseSizeLimitBenchmarks : ICheckedBenchmark
{
    private const long Limit = 64 * 1024 * 1024;

    private Payload<List<Repository>> _payload = null!;
    private RefitClients _clients = null!;
    private HttpClient _limitedHttp = null!;
    private IRoundTripApi _limited = null!;

    /// <summary>A repository listing of about 1 KB (one repository) or 10 MB.</summary>
    [Params("1 KB", "10 MB")]
    public string Size { get; set; } = "1 KB";

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Size == "1 KB" ? OneRepository() : LargePayloads.Get(10);
        _clients = new RefitClients(_payload.Json, buffered: false);
        _limitedHttp = new HttpClient(new ResponseSizeLimitHandler(Limit, new StubHandler(_payload.Json))) { BaseAddress = new Uri("http://api.example.test") };
        _limited = RestService.ForGenerated<IRoundTripApi>(_limitedHttp, new RefitSettings { ContentSerializer = new StjContentSerializer() });
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _limitedHttp.Dispose();
        _clients.Dispose();
    }

    [Benchmark(Baseline = true)]
    public Task<List<Repository>> RefitBuiltIn() => _clients.RefitBuiltIn.GetRepositories();

    [Benchmark]
    public Task<List<Repository>> RefitStj() => _clients.RefitStj.GetRepositories();

    [Benchmark]
    public Task<List<Repository>> RefitStjBehindTheHandler() => _limited.GetRepositories();

    /// <summary>A Refit client over <see cref="FloorSerializer"/>, without the handler.</summary>
    [Benchmark]
    public Task<List<Repository>> Floor() => _clients.Floor.GetRepositories();

    public void Check(object? result) => Verify.Payload(result, _payload);

    private static Payload<List<Repository>> OneRepository()
    {
        var value = DataGenerator.CreateRepositories(1);
        using var floor = new FloorSerializer();
        return new Payload<List<Repository>>(value, floor.Write(value).ToArray());
    }
}
