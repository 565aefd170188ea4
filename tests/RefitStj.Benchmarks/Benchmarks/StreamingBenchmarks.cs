using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Streaming a response item by item (<c>IAsyncEnumerable&lt;T&gt;</c>): 10 and 10,000 small items, as one JSON array
/// and as JSON Lines. The baseline is what Refit's built-in serializer does: <c>JsonSerializer.DeserializeAsyncEnumerable</c>
/// over the stream (with <c>topLevelValues: true</c> for JSON Lines); built with <c>-p:RefitVersion=...</c>, Refit's own
/// serializer class. Each operation reads a fresh stream over the body.
/// </summary>
[MemoryDiagnoser]
public class StreamingBenchmarks : ICheckedBenchmark
{
    private byte[] _body = [];
    private StjContentSerializer _refitStj = null!;
    private long _expectedIdSum;
    private IStreamingContentSerializer _refitOwn = null!;

    [Params(10, 10_000)]
    public int Items { get; set; }

    [Params(StreamingContentFormat.JsonArray, StreamingContentFormat.JsonLines)]
    public StreamingContentFormat Format { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _refitStj = new StjContentSerializer();
        var items = Enumerable.Range(0, Items).Select(i => new LoginViewModel { Email = $"user{i}@example.com", Password = "p@ssw0rd-" + i, RememberMe = i % 2 == 0 }).ToList();
        var lines = items.Select(item => Encoding.UTF8.GetString(Shared.SerializeToUtf8Bytes(item)));
        _body = Encoding.UTF8.GetBytes(Format == StreamingContentFormat.JsonArray ? "[" + string.Join(",", lines) + "]" : string.Join("\n", lines) + "\n");
        _expectedIdSum = items.Sum(i => (long)i.Email!.Length);
        _refitOwn = RefitOwnSerializer.CreateDefault();
    }

    [Benchmark(Baseline = true)]
    public async Task<long> RefitBuiltIn()
    {
        using var stream = new ForwardOnlyStream(_body);
        return await Sum(_refitOwn.DeserializeStreamAsync<LoginViewModel>(stream, Format));
    }

    [Benchmark]
    public async Task<long> RefitStj()
    {
        using var stream = new ForwardOnlyStream(_body);
        return await Sum(_refitStj.DeserializeStreamAsync<LoginViewModel>(stream, Format));
    }

    public void Check(string method, object? result)
    {
        if (method is not (nameof(RefitBuiltIn) or nameof(RefitStj)))
        {
            throw Verify.UnknownMethod(method, GetType());
        }

        Verify.Equal(_expectedIdSum, result, $"{method}'s sum of item sizes");
    }

    private static async Task<long> Sum(IAsyncEnumerable<LoginViewModel?> items)
    {
        long sum = 0;
        await foreach (var item in items)
        {
            sum += item!.Email!.Length;
        }

        return sum;
    }
}
