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
    private protected readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
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
/// <c>FromHttpContentAsync&lt;T&gt;</c> on a new response content per call, buffered with <c>LoadIntoBufferAsync</c> as
/// Refit buffers a response before calling the serializer (a stream content, so neither an array nor a memory stream
/// is in reach without the content's own API). Every row pays for that content; <see cref="Content"/> is that cost
/// alone, <see cref="Floor"/> adds the least deserialization, <see cref="FloorAsTask"/> the task any
/// <c>Task&lt;T&gt;</c>-returning serializer must return. Rows block on the serializer's task, as BenchmarkDotNet does
/// on an async benchmark, so no row also times an async method of the harness.
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

    /// <summary>The response content alone: created, buffered, disposed. Not a read; its result is the payload, unread.</summary>
    [Benchmark]
    public T? Content()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return _payload.Value;
    }

    /// <summary>The content, and <c>JsonSerializer.Deserialize(span, typeInfo)</c> over the payload's bytes: the least a read can cost.</summary>
    [Benchmark]
    public T? Floor()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return FloorSerializer.Read<T>(_payload.Json);
    }

    /// <summary><see cref="Floor"/> returned through <c>Task.FromResult</c>, as <c>FromHttpContentAsync</c> must return it.</summary>
    [Benchmark]
    public T? FloorAsTask()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return Task.FromResult(FloorSerializer.Read<T>(_payload.Json)).GetAwaiter().GetResult();
    }

    /// <summary>
    /// <see cref="FloorAsTask"/> with the body reached as any serializer outside System.Net.Http must reach it: copied out
    /// of the content (<c>CopyToAsync</c> into a reused stream), then read from that span.
    /// </summary>
    [Benchmark]
    public T? FloorThroughContent()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return _floor.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    private T? Read(IHttpContentSerializer serializer)
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
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
