using BenchmarkDotNet.Attributes;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Level 2, write: <c>ToHttpContent(item)</c>, then what the derived class does with the content (a content that
/// defers serialization does it there), then Dispose. The floor writes the same bytes with no HttpContent at all.
/// Built with <c>-p:RefitVersion=...</c>, the baseline is Refit's own serializer class and two rows are added: the
/// by-hand baseline of the default build, and Refit's class over its fast-path options.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class WriteBenchmarks<T> : LevelBenchmarks<T>, ICheckedBenchmark
{
    /// <summary>
    /// Refit's built-in serializer: <c>JsonContent.Create(item, options: options)</c>; built against the real Refit
    /// package, its <c>SystemTextJsonContentSerializer</c> with <c>GetDefaultJsonSerializerOptions()</c>.
    /// </summary>
    [Benchmark(Baseline = true)]
    public async Task<long> RefitBuiltIn()
    {
        using var content = _refitOwn.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    /// <summary>The default build's baseline (the same calls by hand, with RefitStj's Refit-compatible options).</summary>
    [Benchmark]
    public async Task<long> RefitBuiltInByHand()
    {
        using var content = RefitBuiltInSerializer.ToHttpContent(_item, _options);
        return await ConsumeAsync(content);
    }

    /// <summary>Refit's class over <c>GetFastPathJsonSerializerOptions()</c> with the source-generated context.</summary>
    [Benchmark]
    public async Task<long> RefitFastPath()
    {
        using var content = _refitFastPath.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    [Benchmark]
    public async Task<long> RefitStj()
    {
        using var content = _refitStj.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    /// <summary>RefitStj over a source-generated context: the write takes System.Text.Json's generated fast path.</summary>
    [Benchmark]
    public async Task<long> RefitStjSourceGen()
    {
        using var content = _refitStjSourceGen.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    [Benchmark]
    public async Task<long> Newtonsoft()
    {
        using var content = RefitNewtonsoftSerializer.ToHttpContent(_item, _newtonsoft);
        return await ConsumeAsync(content);
    }

    /// <summary>No HttpContent at all: <c>JsonSerializer.Serialize(writer, item, typeInfo)</c> with a reused writer and buffer.</summary>
    [Benchmark]
    public long Floor() => _floor.Write(_item);

    /// <summary>The anti-pattern: fresh options (and so an empty metadata cache) for every call.</summary>
    [Benchmark]
    [OnlyFor(typeof(LoginViewModel))]
    public async Task<long> NewOptionsPerCall()
    {
        using var content = RefitBuiltInSerializer.ToHttpContent(_item, StjContentSerializer.CreateDefaultOptions());
        return await ConsumeAsync(content);
    }

    public virtual void PrepareCheck()
    {
    }

    public void Check(string method, object? result)
    {
        switch (method)
        {
            case nameof(Floor):
                Verify.Equal((long)_floor.Written.Length, result, "Floor's returned length");
                Verify.SameBytes(_floor.Written.Span, _payload.Json, method);
                break;
            case nameof(RefitBuiltIn) or "RefitBuiltInByHand" or "RefitFastPath" or nameof(RefitStj) or nameof(RefitStjSourceGen) or nameof(NewOptionsPerCall):
                Verify.Equal((long)_payload.Json.Length, result, $"{method}'s returned length");
                Verify.SameBytes(LastWritten.Span, _payload.Json, method);
                break;
            case nameof(Newtonsoft):
                Verify.Equal((long)LastWritten.Length, result, $"{method}'s returned length");
                Verify.SameValueInJson(LastWritten.Span, _payload, method);
                break;
            default:
                throw Verify.UnknownMethod(method, GetType());
        }
    }

    /// <summary>Does the class's work with the request content; returns the body's length.</summary>
    protected abstract Task<long> ConsumeAsync(HttpContent content);

    /// <summary>The body the last <see cref="ConsumeAsync"/> saw (for checks).</summary>
    protected abstract ReadOnlyMemory<byte> LastWritten { get; }
}

/// <summary>
/// Serializes for real: the content is copied into a reused <see cref="MemoryStream"/> (emptied per operation), as a
/// handler copies it onto the connection.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class WriteCopyToBenchmarks<T> : WriteBenchmarks<T>
{
    private MemoryStream _target = null!;

    protected override ReadOnlyMemory<byte> LastWritten => _target.GetBuffer().AsMemory(0, (int)_target.Length);

    protected override void Setup() => _target = new MemoryStream();

    protected override void Cleanup() => _target.Dispose();

    protected override async Task<long> ConsumeAsync(HttpContent content)
    {
        _target.SetLength(0);
        await content.CopyToAsync(_target);
        return _target.Length;
    }
}

/// <summary>
/// <c>LoadIntoBufferAsync()</c> on the content (what a handler that needs the body's length, or a retry policy,
/// does), then its Content-Length, which the handler reads to frame the request.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class WriteLoadIntoBufferBenchmarks<T> : WriteBenchmarks<T>
{
    // Only set by PrepareCheck: measured runs never copy the buffered body anywhere.
    private MemoryStream? _capture;

    protected override ReadOnlyMemory<byte> LastWritten =>
        _capture is null ? throw new InvalidOperationException("Call PrepareCheck first.") : _capture.GetBuffer().AsMemory(0, (int)_capture.Length);

    public override void PrepareCheck() => _capture = new MemoryStream();

    protected override void Cleanup() => _capture?.Dispose();

    protected override async Task<long> ConsumeAsync(HttpContent content)
    {
        await content.LoadIntoBufferAsync();
        if (_capture is not null)
        {
            _capture.SetLength(0);
            await content.CopyToAsync(_capture);
        }

        return content.Headers.ContentLength ?? -1;
    }
}
