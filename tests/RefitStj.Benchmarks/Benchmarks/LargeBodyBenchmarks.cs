using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Request bodies from 25 KB to 64 MB (repository listings of about <see cref="Kilobytes"/> KB), Refit's built-in
/// serializer (the baseline) beside RefitStj, both with their default options. The large rows take tens to hundreds of
/// milliseconds each: run them on their own (<c>--filter '*LargeBody*'</c>, <c>--job short</c> on a busy machine).
/// </summary>
public abstract class LargeBodyBenchmarks : ICheckedBenchmark
{
    private static readonly Dictionary<int, Payload<List<Repository>>> s_bySize = [];

    private protected Payload<List<Repository>> _payload = null!;

    /// <summary>The body's size, in KB.</summary>
    public abstract int Kilobytes { get; set; }

    public abstract void Check(object? result);

    private protected static Payload<List<Repository>> Get(int kilobytes)
    {
        lock (s_bySize)
        {
            if (!s_bySize.TryGetValue(kilobytes, out var payload))
            {
                // ~1,130 bytes a repository: enough of them to reach the size.
                var value = DataGenerator.CreateRepositories((int)(kilobytes * 1024L / 1_130) + 1);
                using var floor = new FloorSerializer();
                s_bySize[kilobytes] = payload = new Payload<List<Repository>>(value, floor.Write(value).ToArray());
            }

            return payload;
        }
    }
}

/// <summary>
/// <c>ToHttpContent(item)</c>, the content copied into a reused stream (as a handler copies it into the request stream),
/// then disposed: what a body costs the serializer, without the client around it.
/// </summary>
[MemoryDiagnoser]
public class LargeBodyWriteBenchmarks : LargeBodyBenchmarks
{
    private readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private readonly IHttpContentSerializer _refitStj = new StjContentSerializer();
    private readonly MemoryStream _target = new();

    [Params(25, 2048, 10240, 65536)]
    public override int Kilobytes { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _payload = Get(Kilobytes);

    [Benchmark(Baseline = true)]
    public Task<ReadOnlyMemory<byte>> RefitBuiltIn() => WriteAsync(_refitBuiltIn);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitStj() => WriteAsync(_refitStj);

    public override void Check(object? result) => Verify.Payload(result, _payload);

    private async Task<ReadOnlyMemory<byte>> WriteAsync(IHttpContentSerializer serializer)
    {
        using var content = serializer.ToHttpContent(_payload.Value);
        _target.SetLength(0);
        await content.CopyToAsync(_target);
        return _target.GetBuffer().AsMemory(0, (int)_target.Length);
    }
}

/// <summary>
/// POST through real Refit clients over a <see cref="StubHandler"/> that drains the body, in Refit's body modes:
/// <c>Default</c> (<c>Buffered = false</c>: Refit copies the content into its push content, chunked), <c>Buffered</c>
/// (<c>Buffered = true</c>: the content is buffered by HttpContent, then sent with its Content-Length),
/// <c>SerializationBuffered</c> (<c>RequestBodySerialization.Buffered</c>: the serializer's buffered content sent as it
/// is, with its Content-Length) and <c>Streamed</c> (<c>RequestBodySerialization.Streamed</c>: the serializer's streamed
/// content).
/// </summary>
[MemoryDiagnoser]
public class LargeBodyPostBenchmarks : LargeBodyBenchmarks
{
    private HttpClient _http = null!;
    private StubHandler _handler = null!;
    private IRoundTripApi _refitBuiltIn = null!;
    private IRoundTripApi _refitStj = null!;

    public enum BodyMode
    {
        Default,
        Buffered,
        SerializationBuffered,
        Streamed,
    }

    [Params(25, 2048, 10240)]
    public override int Kilobytes { get; set; }

    [Params(BodyMode.Default, BodyMode.Buffered, BodyMode.SerializationBuffered, BodyMode.Streamed)]
    public BodyMode Mode { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Get(Kilobytes);
        _handler = new StubHandler([]);
        _http = new HttpClient(_handler) { BaseAddress = new Uri("http://api.example.test") };
        _refitBuiltIn = Create(RefitDefaultSerializer.Create());
        _refitStj = Create(new StjContentSerializer());
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _http.Dispose();

    [Benchmark(Baseline = true)]
    public Task RefitBuiltIn() => _refitBuiltIn.PostRepositories(_payload.Value);

    [Benchmark]
    public Task RefitStj() => _refitStj.PostRepositories(_payload.Value);

    public override void Check(object? result) => Verify.Bytes(_handler.LastRequestBody, _payload.Json, "the request body");

    private IRoundTripApi Create(IHttpContentSerializer serializer) => RestService.ForGenerated<IRoundTripApi>(_http, new RefitSettings
    {
        ContentSerializer = serializer,
        Buffered = Mode == BodyMode.Buffered,
        RequestBodySerialization = Mode switch
        {
            BodyMode.Streamed => RequestBodySerializationMode.Streamed,
            BodyMode.SerializationBuffered => RequestBodySerializationMode.Buffered,
            _ => RequestBodySerializationMode.Default,
        },
    });
}
