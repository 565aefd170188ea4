using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What the large-response classes share: a repository listing of about <see cref="Megabytes"/> MB (its size in the
/// Params column), and Refit's built-in serializer (the baseline) and RefitStj with their default options. The 1, 16
/// and 64 MB rows take hundreds of milliseconds each: run them on their own (<c>--filter '*Large*'</c>).
/// </summary>
public abstract class LargeResponseBenchmarks : ICheckedBenchmark
{
    private protected readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private protected readonly IHttpContentSerializer _refitStj = new StjContentSerializer();
    private protected Payload<List<Repository>> _payload = null!;

    /// <summary>The body's size, in MB.</summary>
    public abstract int Megabytes { get; set; }

    [GlobalSetup]
    public virtual void GlobalSetup() => _payload = LargePayloads.Get(Megabytes);

    public void Check(object? result) => Verify.Payload(result, _payload);
}

/// <summary>
/// <c>FromHttpContentAsync</c> on a large response content buffered as Refit buffers it; the buffer (HttpClient's, one
/// array of the body's size) is paid by every row, <see cref="Floor"/> included.
/// </summary>
[MemoryDiagnoser]
public class LargeReadBenchmarks : LargeResponseBenchmarks
{
    [Params(1, 16, 64)]
    public override int Megabytes { get; set; }

    [Benchmark(Baseline = true)]
    public List<Repository>? RefitBuiltIn() => Read(_refitBuiltIn);

    [Benchmark]
    public List<Repository>? RefitStj() => Read(_refitStj);

    /// <summary>The content, and <c>JsonSerializer.Deserialize(span, typeInfo)</c> over the payload's bytes.</summary>
    [Benchmark]
    public List<Repository>? Floor()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return FloorSerializer.Read<List<Repository>>(_payload.Json);
    }

    private List<Repository>? Read(IHttpContentSerializer serializer)
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return serializer.FromHttpContentAsync<List<Repository>>(content).GetAwaiter().GetResult();
    }
}

/// <summary>GET of a large listing through real Refit clients (Refit's default settings), which buffer the response first.</summary>
[MemoryDiagnoser]
public class LargeGetBenchmarks : LargeResponseBenchmarks
{
    private RefitClients _clients = null!;

    [Params(1, 16, 64)]
    public override int Megabytes { get; set; }

    public override void GlobalSetup()
    {
        base.GlobalSetup();
        _clients = new RefitClients(_payload.Json, buffered: false);
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _clients.Dispose();

    [Benchmark(Baseline = true)]
    public Task<List<Repository>> RefitBuiltIn() => _clients.RefitBuiltIn.GetRepositories();

    [Benchmark]
    public Task<List<Repository>> RefitStj() => _clients.RefitStj.GetRepositories();

    /// <summary>A Refit client over <see cref="FloorSerializer"/>.</summary>
    [Benchmark]
    public Task<List<Repository>> Floor() => _clients.Floor.GetRepositories();
}

/// <summary>
/// <c>FromHttpContentAsync</c> on a 16 MB response content that is not buffered (<c>ResponseHeadersRead</c>, as a
/// caller without Refit reads it): the body is read as it arrives. <see cref="FloorStreamed"/> is the least a read that
/// never holds the whole body can do; <see cref="Floor"/> holds it (the payload's bytes) and reads the span.
/// </summary>
[MemoryDiagnoser]
public class LargeUnbufferedReadBenchmarks : LargeResponseBenchmarks
{
    private static readonly JsonTypeInfo<List<Repository>> s_typeInfo = (JsonTypeInfo<List<Repository>>)FloorSerializer.Options.GetTypeInfo(typeof(List<Repository>));

    [Params(16)]
    public override int Megabytes { get; set; } = 16;

    [Benchmark(Baseline = true)]
    public Task<List<Repository>?> RefitBuiltIn() => ReadAsync(_refitBuiltIn);

    [Benchmark]
    public Task<List<Repository>?> RefitStj() => ReadAsync(_refitStj);

    /// <summary><c>JsonSerializer.DeserializeAsync(stream, typeInfo)</c> over the content's read stream.</summary>
    [Benchmark]
    public async Task<List<Repository>?> FloorStreamed()
    {
        using var content = StubHandler.JsonContent(_payload.Json);
        return await JsonSerializer.DeserializeAsync(await content.ReadAsStreamAsync(), s_typeInfo);
    }

    /// <summary>The content, and <c>JsonSerializer.Deserialize(span, typeInfo)</c> over the payload's bytes.</summary>
    [Benchmark]
    public List<Repository>? Floor()
    {
        using var content = StubHandler.JsonContent(_payload.Json);
        return FloorSerializer.Read<List<Repository>>(_payload.Json);
    }

    private async Task<List<Repository>?> ReadAsync(IHttpContentSerializer serializer)
    {
        using var content = StubHandler.JsonContent(_payload.Json);
        return await serializer.FromHttpContentAsync<List<Repository>>(content);
    }
}
