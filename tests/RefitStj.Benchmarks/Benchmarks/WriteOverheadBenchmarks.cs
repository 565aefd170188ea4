using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Where the time of a write goes. Every serializer that hands Refit a new request content pays for making it, its
/// headers, copying it out as a handler does (the same consumption as <see cref="WriteCopyToBenchmarks{T}"/>) and
/// disposing it; the floors pay none of that. ContentOnly measures that fixed cost alone over bytes already written, so
/// (FloorSourceGen + ContentOnly) / (Floor + ContentOnly) is the best source-generated-to-reflection ratio any such
/// serializer could reach, to hold RefitStjSourceGen / RefitStj against. ContentOnlyBuffered is the same content
/// consumed as <see cref="WriteLoadIntoBufferBenchmarks{T}"/> does (Refit's Buffered mode), so Floor plus either is the
/// least any System.Text.Json serializer can take at that level; FloorPlusContentOnly and FloorPlusContentOnlyBuffered
/// measure those two sums as single operations.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class WriteOverheadBenchmarks<T> : ICheckedBenchmark
{
    private Payload<T> _payload = null!;
    private T _item = default!;
    private StjContentSerializer _refitStj = null!;
    private StjContentSerializer _refitStjSourceGen = null!;
    private FloorSerializer<T> _floor = null!;
    private FloorSerializer<T> _floorSourceGen = null!;
    private MemoryStream _target = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Payloads.Get<T>();
        _item = _payload.Value;
        _refitStj = new StjContentSerializer();
        _refitStjSourceGen = new StjContentSerializer(BenchmarkJsonContext.Default);
        _floor = new FloorSerializer<T>();
        _floorSourceGen = new FloorSerializer<T>((JsonTypeInfo<T>)BenchmarkJsonContext.Default.GetTypeInfo(typeof(T))!);
        _target = new MemoryStream();
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _floor.Dispose();
        _floorSourceGen.Dispose();
        _target.Dispose();
    }

    /// <summary>The reflection metadata of the Refit-compatible options, through a reused writer and buffer.</summary>
    [Benchmark(Baseline = true)]
    public long Floor() => _floor.Write(_item);

    /// <summary>The same writer over the source-generated context's metadata: System.Text.Json's generated fast path.</summary>
    [Benchmark]
    public long FloorSourceGen() => _floorSourceGen.Write(_item);

    /// <summary>A new content over the payload's bytes, with the raw Content-Type, copied out and disposed: no serialization.</summary>
    [Benchmark]
    public async Task<long> ContentOnly()
    {
        using var content = Shared.JsonContent(_payload.Json);
        return await ConsumeAsync(content);
    }

    /// <summary>The same content, buffered and its length read as a handler framing the request does: no serialization.</summary>
    [Benchmark]
    public async Task<long> ContentOnlyBuffered()
    {
        using var content = Shared.JsonContent(_payload.Json);
        await content.LoadIntoBufferAsync();
        return content.Headers.ContentLength ?? -1;
    }

    /// <summary>
    /// Floor, then ContentOnly, in one call: the least any such serializer can take, measured as one operation. Adding
    /// the two rows' means leaves out what each costs the other when they run together (caches, allocation).
    /// </summary>
    [Benchmark]
    public async Task<long> FloorPlusContentOnly()
    {
        _floor.Write(_item);
        using var content = Shared.JsonContent(_payload.Json);
        return await ConsumeAsync(content);
    }

    /// <summary>Floor, then ContentOnlyBuffered, in one call: the same least cost in Refit's Buffered mode.</summary>
    [Benchmark]
    public async Task<long> FloorPlusContentOnlyBuffered()
    {
        _floor.Write(_item);
        using var content = Shared.JsonContent(_payload.Json);
        await content.LoadIntoBufferAsync();
        return content.Headers.ContentLength ?? -1;
    }

    [Benchmark]
    public async Task<long> RefitStj()
    {
        using var content = _refitStj.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    [Benchmark]
    public async Task<long> RefitStjSourceGen()
    {
        using var content = _refitStjSourceGen.ToHttpContent(_item);
        return await ConsumeAsync(content);
    }

    public void Check(string method, object? result)
    {
        switch (method)
        {
            case nameof(Floor):
                CheckWritten(_floor.Written, result, method);
                break;
            case nameof(FloorSourceGen):
                CheckWritten(_floorSourceGen.Written, result, method);
                break;
            case nameof(ContentOnlyBuffered):
                Verify.Equal((long)_payload.Json.Length, result, $"{method}'s returned length");
                break;
            case nameof(FloorPlusContentOnly):
                CheckWritten(_floor.Written, (long)_floor.Written.Length, method);
                CheckWritten(_target.GetBuffer().AsMemory(0, (int)_target.Length), result, method);
                break;
            case nameof(FloorPlusContentOnlyBuffered):
                CheckWritten(_floor.Written, result, method);
                break;
            case nameof(ContentOnly) or nameof(RefitStj) or nameof(RefitStjSourceGen):
                CheckWritten(_target.GetBuffer().AsMemory(0, (int)_target.Length), result, method);
                break;
            default:
                throw Verify.UnknownMethod(method, GetType());
        }
    }

    private void CheckWritten(ReadOnlyMemory<byte> written, object? result, string method)
    {
        Verify.Equal((long)_payload.Json.Length, result, $"{method}'s returned length");
        Verify.SameBytes(written.Span, _payload.Json, method);
    }

    // As WriteCopyToBenchmarks consumes a content: copied into a reused stream, emptied per operation.
    private async Task<long> ConsumeAsync(HttpContent content)
    {
        _target.SetLength(0);
        await content.CopyToAsync(_target);
        return _target.Length;
    }
}
