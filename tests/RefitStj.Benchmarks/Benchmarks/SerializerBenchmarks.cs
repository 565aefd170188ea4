using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What the serializer-level classes share: the payload and one instance of each serializer their rows call. Rows:
/// Refit's own <see cref="SystemTextJsonContentSerializer"/> with its default options (the baseline) and with
/// <c>GetFastPathJsonSerializerOptions()</c> over the source-generated context, RefitStj with its defaults and over that
/// context, and the floor (no HttpContent at all).
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class SerializerBenchmarks<T> : ICheckedBenchmark
{
    private protected readonly Payload<T> _payload = Payloads.Get<T>();
    private protected readonly IHttpContentSerializer _refitBuiltIn = new SystemTextJsonContentSerializer();
    private protected readonly IHttpContentSerializer _refitFastPath = CreateRefitFastPath();
    private protected readonly IHttpContentSerializer _refitStj = new StjContentSerializer();
    private protected readonly IHttpContentSerializer _refitStjSourceGen = new StjContentSerializer(BenchmarkJsonContext.Default);
    private protected readonly FloorSerializer _floor = new();

    [GlobalCleanup]
    public void GlobalCleanup() => _floor.Dispose();

    public void Check(object? result) => Verify.Payload(result, _payload);

    // As Refit documents its fast path: over a generated resolver (without one there is no fast path to take, and no
    // string enum converter to read the payloads' enums).
    private static SystemTextJsonContentSerializer CreateRefitFastPath()
    {
        var options = SystemTextJsonContentSerializer.GetFastPathJsonSerializerOptions();
        options.TypeInfoResolver = BenchmarkJsonContext.Default;
        return new SystemTextJsonContentSerializer(options);
    }
}

/// <summary>
/// <c>FromHttpContentAsync&lt;T&gt;</c> on a new <see cref="ByteArrayContent"/> per call: content already in memory, as
/// Refit hands a response it has buffered to the serializer (its read stream hides its array, as a buffered response's
/// does). Rows block on the serializer's task, as BenchmarkDotNet does on an async benchmark, so no row also times an
/// async method of the harness (every read here completes in memory).
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class ReadBenchmarks<T> : SerializerBenchmarks<T>
{
    [Benchmark(Baseline = true)]
    public T? RefitBuiltIn() => Read(_refitBuiltIn);

    [Benchmark]
    public T? RefitFastPath() => Read(_refitFastPath);

    [Benchmark]
    public T? RefitStj() => Read(_refitStj);

    [Benchmark]
    public T? RefitStjSourceGen() => Read(_refitStjSourceGen);

    /// <summary><c>JsonSerializer.Deserialize(span, typeInfo)</c> over the bytes in memory.</summary>
    [Benchmark]
    public T? Floor() => FloorSerializer.Read<T>(_payload.Json);

    private T? Read(IHttpContentSerializer serializer)
    {
        using var content = StubHandler.JsonContent(_payload.Json);
        return serializer.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }
}

/// <summary>
/// <c>ToHttpContent(item)</c>, the content copied into a reused stream (as Refit's default body mode copies it into the
/// request stream), then disposed. Buffered mode and the undisposed content of the default mode are measured through
/// real Refit clients in <see cref="RefitClientPostBenchmarks{T}"/>.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class WriteBenchmarks<T> : SerializerBenchmarks<T>
{
    private readonly MemoryStream _target = new();

    [Benchmark(Baseline = true)]
    public Task<ReadOnlyMemory<byte>> RefitBuiltIn() => WriteAsync(_refitBuiltIn);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitFastPath() => WriteAsync(_refitFastPath);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitStj() => WriteAsync(_refitStj);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitStjSourceGen() => WriteAsync(_refitStjSourceGen);

    /// <summary><c>JsonSerializer.Serialize(writer, item, typeInfo)</c> with a reused writer and buffer.</summary>
    [Benchmark]
    public ReadOnlyMemory<byte> Floor() => _floor.Write(_payload.Value);

    private async Task<ReadOnlyMemory<byte>> WriteAsync(IHttpContentSerializer serializer)
    {
        using var content = serializer.ToHttpContent(_payload.Value);
        _target.SetLength(0);
        await content.CopyToAsync(_target);
        return _target.GetBuffer().AsMemory(0, (int)_target.Length);
    }
}
