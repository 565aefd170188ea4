using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Streaming a response item by item (<c>IAsyncEnumerable&lt;T&gt;</c>): 10 and 10,000 small items, as one JSON array
/// and as JSON Lines, each call over a fresh non-seekable stream (a network stream's stand-in). There is no floor: the
/// point is how the items arrive, not how fast one span parses.
/// </summary>
[MemoryDiagnoser]
public class StreamingBenchmarks : ICheckedBenchmark
{
    private readonly IStreamingContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private readonly IStreamingContentSerializer _refitStj = new StjContentSerializer();
    private byte[] _body = [];
    private long _expectedSum;

    [Params(10, 10_000)]
    public int Items { get; set; }

    [Params(StreamingContentFormat.JsonArray, StreamingContentFormat.JsonLines)]
    public StreamingContentFormat Format { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        var items = Enumerable.Range(0, Items).Select(i => new LoginViewModel { Email = $"user{i}@example.com", Password = "p@ssw0rd-" + i, RememberMe = i % 2 == 0 }).ToList();
        using var floor = new FloorSerializer();
        var json = items.Select(item => Encoding.UTF8.GetString(floor.Write(item).Span)).ToList();
        _body = Encoding.UTF8.GetBytes(Format == StreamingContentFormat.JsonArray ? "[" + string.Join(",", json) + "]" : string.Join("\n", json) + "\n");
        _expectedSum = items.Sum(Measure);
    }

    [Benchmark(Baseline = true)]
    public Task<long> RefitBuiltIn() => SumAsync(_refitBuiltIn);

    [Benchmark]
    public Task<long> RefitStj() => SumAsync(_refitStj);

    public void Check(object? result)
    {
        if (result is not long sum || sum != _expectedSum)
        {
            throw new InvalidOperationException($"Expected the items to sum to {_expectedSum}, got {result ?? "null"}.");
        }
    }

    // Every field of every item counts, so a lost, repeated or misread item changes the sum.
    private static long Measure(LoginViewModel? item) => item!.Email!.Length + item.Password!.Length + (item.RememberMe ? 1 : 0);

    private async Task<long> SumAsync(IStreamingContentSerializer serializer)
    {
        await using var stream = PipeReader.Create(new ReadOnlySequence<byte>(_body)).AsStream();
        long sum = 0;
        await foreach (var item in serializer.DeserializeStreamAsync<LoginViewModel>(stream, Format))
        {
            sum += Measure(item);
        }

        return sum;
    }
}
