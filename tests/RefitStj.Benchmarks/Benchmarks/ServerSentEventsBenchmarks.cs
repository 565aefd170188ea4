using System.Buffers;
using System.IO.Pipelines;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// One server-sent event stream of 1,000 named events with ids, read as <c>IAsyncEnumerable&lt;T&gt;</c> and as
/// <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c> (type, id and retry kept), with the reflection-based defaults and over
/// a source-generated context that lists <see cref="SseItemConverter{T}"/>: what keeping each event's framing costs per
/// event. The stream has no <c>[DONE]</c>, which Refit's built-in serializer fails on.
/// </summary>
[MemoryDiagnoser]
public class ServerSentEventsBenchmarks : ICheckedBenchmark
{
    private readonly IStreamingContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private readonly IStreamingContentSerializer _refitStj = new StjContentSerializer();
    private readonly IStreamingContentSerializer _refitStjContext = new StjContentSerializer(SseBenchmarkContext.Default);
    private byte[] _body = [];
    private long _expectedSum;
    private long _expectedFraming;
    private long _framing;

    [Params(1_000)]
    public int Events { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        var items = Enumerable.Range(0, Events).Select(i => new LoginViewModel { Email = $"user{i}@example.com", Password = "p@ssw0rd-" + i, RememberMe = i % 2 == 0 }).ToList();
        using var floor = new FloorSerializer();
        var events = items.Select((item, i) => $"event: delta\nid: {i}\ndata: {Encoding.UTF8.GetString(floor.Write(item).Span)}\n\n");
        _body = Encoding.UTF8.GetBytes(": stream\n\n" + string.Concat(events));
        _expectedSum = items.Sum(Measure);
        _expectedFraming = Enumerable.Range(0, Events).Sum(i => "delta".Length + i.ToString(System.Globalization.CultureInfo.InvariantCulture).Length);
    }

    [Benchmark(Baseline = true)]
    public Task<long> RefitBuiltIn() => SumAsync(_refitBuiltIn);

    [Benchmark]
    public Task<long> RefitStj() => SumAsync(_refitStj);

    [Benchmark]
    public Task<long> RefitStjSseItem() => SumItemsAsync(_refitStj);

    [Benchmark]
    public Task<long> RefitStjContext() => SumAsync(_refitStjContext);

    [Benchmark]
    public Task<long> RefitStjContextSseItem() => SumItemsAsync(_refitStjContext);

    public void Check(object? result)
    {
        if (result is not long sum || sum != _expectedSum || (_framing >= 0 && _framing != _expectedFraming))
        {
            throw new InvalidOperationException($"Expected the items to sum to {_expectedSum} (framing {_expectedFraming}), got {result ?? "null"} (framing {_framing}).");
        }
    }

    // Every field of every item counts, so a lost, repeated or misread item changes the sum.
    private static long Measure(LoginViewModel? item) => item!.Email.Length + item.Password.Length + (item.RememberMe ? 1 : 0);

    private async Task<long> SumAsync(IStreamingContentSerializer serializer)
    {
        _framing = -1;
        await using var stream = PipeReader.Create(new ReadOnlySequence<byte>(_body)).AsStream();
        long sum = 0;
        await foreach (var item in serializer.DeserializeStreamAsync<LoginViewModel>(stream, StreamingContentFormat.ServerSentEvents))
        {
            sum += Measure(item);
        }

        return sum;
    }

    private async Task<long> SumItemsAsync(IStreamingContentSerializer serializer)
    {
        await using var stream = PipeReader.Create(new ReadOnlySequence<byte>(_body)).AsStream();
        long sum = 0;
        long framing = 0;
        await foreach (var item in serializer.DeserializeStreamAsync<SseItem<LoginViewModel>>(stream, StreamingContentFormat.ServerSentEvents))
        {
            sum += Measure(item.Data);
            framing += item.EventType.Length + item.EventId!.Length;
        }

        _framing = framing;
        return sum;
    }
}

/// <summary>The benchmark payload with the converter that reads it as <c>SseItem&lt;T&gt;</c> without reflection.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, Converters = new[] { typeof(SseItemConverter<LoginViewModel>) })]
[JsonSerializable(typeof(LoginViewModel))]
public sealed partial class SseBenchmarkContext : JsonSerializerContext;
