using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Refit 16's <c>JsonTypeInfo&lt;T&gt;</c> overloads (<c>IJsonTypeInfoContentSerializer</c>), all with
/// <see cref="BenchmarkJsonContext"/>'s metadata: Refit's own serializer given it (the baseline), RefitStj given it, and
/// RefitStj over the same context without it (<c>new StjContentSerializer(context)</c>, the metadata looked up by type).
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class JsonTypeInfoBenchmarks<T> : ICheckedBenchmark
{
    private protected readonly SystemTextJsonContentSerializer _refitBuiltIn = new();
    private protected readonly StjContentSerializer _refitStj = new();
    private protected readonly StjContentSerializer _refitStjContext = new StjContentSerializer(BenchmarkJsonContext.Default);
    private protected readonly JsonTypeInfo<T> _typeInfo = (JsonTypeInfo<T>)BenchmarkJsonContext.Default.GetTypeInfo(typeof(T))!;
    private protected Payload<T> _payload = null!;

    [GlobalSetup]
    public virtual void GlobalSetup() => _payload = Payloads.Get<T>();

    public void Check(object? result) => Verify.Payload(result, _payload);
}

/// <summary><c>FromHttpContentAsync</c> on a response content buffered as Refit buffers it.</summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class JsonTypeInfoReadBenchmarks<T> : JsonTypeInfoBenchmarks<T>
{
    [Benchmark(Baseline = true)]
    public T? RefitBuiltInTypeInfo()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return _refitBuiltIn.FromHttpContentAsync(content, _typeInfo).GetAwaiter().GetResult();
    }

    [Benchmark]
    public T? RefitStjTypeInfo()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return _refitStj.FromHttpContentAsync(content, _typeInfo).GetAwaiter().GetResult();
    }

    [Benchmark]
    public T? RefitStjContext()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return _refitStjContext.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }
}

/// <summary>The read of a small body (a <see cref="Location"/>, about 200 bytes).</summary>
[MemoryDiagnoser]
public class JsonTypeInfoSmallReadBenchmarks : JsonTypeInfoReadBenchmarks<Location>;

/// <summary>The read of a 16 MB repository listing, which RefitStj reads in place at any size.</summary>
[MemoryDiagnoser]
public class JsonTypeInfoLargeReadBenchmarks : JsonTypeInfoReadBenchmarks<List<Repository>>
{
    public override void GlobalSetup() => _payload = LargePayloads.Get(16);
}

/// <summary><c>ToHttpContent(item, typeInfo)</c> copied into a reused stream, as Refit's default body mode copies it.</summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(List<Repository>))]
public class JsonTypeInfoWriteBenchmarks<T> : JsonTypeInfoBenchmarks<T>
{
    private readonly MemoryStream _target = new();

    [Benchmark(Baseline = true)]
    public Task<ReadOnlyMemory<byte>> RefitBuiltInTypeInfo() => CopyAsync(_refitBuiltIn.ToHttpContent(_payload.Value, _typeInfo));

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitStjTypeInfo() => CopyAsync(_refitStj.ToHttpContent(_payload.Value, _typeInfo));

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> RefitStjContext() => CopyAsync(_refitStjContext.ToHttpContent(_payload.Value));

    private async Task<ReadOnlyMemory<byte>> CopyAsync(HttpContent created)
    {
        using var content = created;
        _target.SetLength(0);
        await content.CopyToAsync(_target).ConfigureAwait(false);
        return _target.GetBuffer().AsMemory(0, (int)_target.Length);
    }
}

/// <summary>
/// A Refit client call in the default body mode: POST a <see cref="Location"/>, read a <see cref="LoginViewModel"/>, the
/// metadata of both passed as parameters (or, for RefitStj over the context, looked up).
/// </summary>
[MemoryDiagnoser]
public class JsonTypeInfoClientBenchmarks : ICheckedBenchmark
{
    private readonly Payload<Location> _body = Payloads.Get<Location>();
    private readonly Payload<LoginViewModel> _reply = Payloads.Get<LoginViewModel>();
    private StubHandler _handler = null!;
    private HttpClient _http = null!;
    private ITypeInfoApi _refitBuiltIn = null!;
    private ITypeInfoApi _refitStj = null!;
    private ITypeInfoApi _refitStjContext = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _handler = new StubHandler(_reply.Json);
        _http = new HttpClient(_handler) { BaseAddress = new Uri("http://api.example.test") };
        _refitBuiltIn = Create(RefitDefaultSerializer.Create());
        _refitStj = Create(new StjContentSerializer());
        _refitStjContext = Create(new StjContentSerializer(BenchmarkJsonContext.Default));

        ITypeInfoApi Create(IHttpContentSerializer serializer) => RestService.ForGenerated<ITypeInfoApi>(_http, new RefitSettings(serializer));
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _http.Dispose();

    [Benchmark(Baseline = true)]
    public Task<LoginViewModel?> RefitBuiltInTypeInfo() =>
        _refitBuiltIn.PostLocation(_body.Value, BenchmarkJsonContext.Default.Location, BenchmarkJsonContext.Default.LoginViewModel);

    [Benchmark]
    public Task<LoginViewModel?> RefitStjTypeInfo() =>
        _refitStj.PostLocation(_body.Value, BenchmarkJsonContext.Default.Location, BenchmarkJsonContext.Default.LoginViewModel);

    [Benchmark]
    public Task<LoginViewModel?> RefitStjContext() => _refitStjContext.PostLocation(_body.Value);

    public void Check(object? result)
    {
        Verify.Bytes(_handler.LastRequestBody, _body.Json, "the request body");
        Verify.Payload(result, _reply);
    }
}

/// <summary>The Refit API of <see cref="JsonTypeInfoClientBenchmarks"/>. Public, since Refit's generated client implements it.</summary>
public interface ITypeInfoApi
{
    [Post("/session")]
    Task<LoginViewModel?> PostLocation([Body] Location location, JsonTypeInfo<Location> body, JsonTypeInfo<LoginViewModel> reply);

    [Post("/session")]
    Task<LoginViewModel?> PostLocation([Body] Location location);
}
