using System.Buffers;
using BenchmarkDotNet.Attributes;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Where the time of a small buffered read goes. Every content-based read row pays for a new response content and its
/// headers (Refit gets a new one per response); the floor does not. ContentOnly measures that fixed cost alone, and
/// ContentPlusFloor is making it, then a span parse. HttpContent's public API hides a buffered body's array, so a
/// serializer gets the bytes out one of three ways: StreamCopyPlusFloor takes its read stream and copies it into pooled
/// memory; StreamInPlacePlusFloor has that read stream write itself into a stream that parses the write in place;
/// CopyToPlusFloor has the content itself write into such a stream. The last two copy nothing.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
public class ReadOverheadBenchmarks<T> : ICheckedBenchmark
{
    private Payload<T> _payload = null!;
    private StjContentSerializer _refitStj = null!;
    private FloorSerializer<T> _floor = null!;
    private ParsingStream<T> _sink = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Payloads.Get<T>();
        _refitStj = new StjContentSerializer();
        _floor = new FloorSerializer<T>();
        _sink = new ParsingStream<T>(_floor);
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _sink.Dispose();
        _floor.Dispose();
    }

    [Benchmark(Baseline = true)]
    public T? Floor() => _floor.Read(_payload.Json);

    /// <summary>
    /// Making and disposing the content. Its length comes from the ContentLength getter, which parses no header but
    /// computes the length and stores it as a parsed value: a little work the RefitStj row no longer does, since it
    /// reads the raw Content-Length header, which this content does not have.
    /// </summary>
    [Benchmark]
    public long? ContentOnly()
    {
        using var content = CreateContent();
        return content.Headers.ContentLength;
    }

    [Benchmark]
    public T? ContentPlusFloor()
    {
        using var content = CreateContent();
        return _floor.Read(_payload.Json);
    }

    /// <summary>Make the content, take its read stream (in memory here), copy it into a rented array, parse the span.</summary>
    [Benchmark]
    public T? StreamCopyPlusFloor()
    {
        using var content = CreateContent();
        var stream = content.ReadAsStreamAsync().GetAwaiter().GetResult();
        var length = (int)stream.Length;
        var buffer = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            stream.ReadExactly(buffer, 0, length);
            return _floor.Read(buffer.AsSpan(0, length));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// Make the content, take its read stream and have it copy itself into a <see cref="ParsingStream{T}"/>: an exact
    /// <see cref="MemoryStream"/> hands its own array to that one write. RefitStj reaches a buffered body this way, and
    /// like RefitStj's per-thread capture the sink is reused, so the row allocates only what RefitStj's way does
    /// (CopyToPlusFloor makes a new sink per call).
    /// </summary>
    [Benchmark]
    public T? StreamInPlacePlusFloor()
    {
        using var content = CreateContent();
        var stream = content.ReadAsStreamAsync().GetAwaiter().GetResult();
        _sink.Reset();
        stream.CopyTo(_sink);
        return _sink.Result;
    }

    /// <summary>Make the content, have it copy itself into a <see cref="ParsingStream{T}"/>, which parses the span it is given.</summary>
    [Benchmark]
    public T? CopyToPlusFloor()
    {
        using var content = CreateContent();
        var sink = new ParsingStream<T>(_floor);
        content.CopyToAsync(sink).GetAwaiter().GetResult();
        return sink.Result;
    }

    [Benchmark]
    public T? RefitStj()
    {
        using var content = CreateContent();
        return _refitStj.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    public void Check(string method, object? result)
    {
        switch (method)
        {
            case nameof(ContentOnly):
                Verify.Equal((long?)_payload.Json.Length, result, "the content's length");
                break;
            case nameof(Floor) or nameof(ContentPlusFloor) or nameof(StreamCopyPlusFloor) or nameof(StreamInPlacePlusFloor) or nameof(CopyToPlusFloor) or nameof(RefitStj):
                Verify.SameValue(result, _payload, method);
                break;
            default:
                throw Verify.UnknownMethod(method, GetType());
        }
    }

    // The same content the read levels hand every row: the bytes, with a raw Content-Type as a connection adds it.
    private ByteArrayContent CreateContent() => Shared.JsonContent(_payload.Json);
}
