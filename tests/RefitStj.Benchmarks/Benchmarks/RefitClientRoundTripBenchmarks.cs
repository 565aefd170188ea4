using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// The GET round trips through a real Refit client (<c>RestService.For</c>, default <see cref="RefitSettings"/> but
/// the content serializer) over the same <see cref="StubHandler"/> as <see cref="GetRoundTripBenchmarks{T}"/>: what a
/// user sees per call when swapping Refit's built-in serializer for RefitStj. Built with <c>-p:RefitVersion=...</c> only.
/// </summary>
/// <typeparam name="T">The response type: an organization (~1 KB) or a page of repositories (~170 KB).</typeparam>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(List<Repository>))]
public class RefitClientGetBenchmarks<T> : ICheckedBenchmark
{
    private readonly RefitClients<T> _clients = new();
    private Func<IRoundTripApi, Task<T>> _get = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _clients.Setup();

        // The interface has a method per payload type; choosing it once keeps the choice out of the measured calls.
        _get = typeof(T) == typeof(Organization) ? api => (Task<T>)(object)api.GetOrganization()
            : typeof(T) == typeof(List<Repository>) ? api => (Task<T>)(object)api.GetRepositories()
            : throw new NotSupportedException($"{typeof(T)} has no GET on {nameof(IRoundTripApi)}.");
    }

    [GlobalCleanup]
    public void GlobalCleanup() => _clients.Dispose();

    /// <summary>Refit's own <c>SystemTextJsonContentSerializer</c> with <c>GetDefaultJsonSerializerOptions()</c>: what <c>new RefitSettings()</c> uses.</summary>
    [Benchmark(Baseline = true)]
    public Task<T> RefitBuiltIn() => _get(_clients.BuiltIn);

    [Benchmark]
    public Task<T> RefitStj() => _get(_clients.RefitStj);

    public void Check(string method, object? result)
    {
        if (method is not (nameof(RefitBuiltIn) or nameof(RefitStj)))
        {
            throw Verify.UnknownMethod(method, GetType());
        }

        Verify.SameValue(result, _clients.Payload, method);
    }
}

/// <summary>
/// The POST round trip of <see cref="PostRoundTripBenchmarks"/> (a <see cref="Location"/> body, which the stub handler
/// drains, and the created <see cref="Location"/> back) through a real Refit client, with Refit's default body mode.
/// Built with <c>-p:RefitVersion=...</c> only.
/// </summary>
[MemoryDiagnoser]
public class RefitClientPostBenchmarks : ICheckedBenchmark
{
    private readonly RefitClients<Location> _clients = new();

    [GlobalSetup]
    public void GlobalSetup() => _clients.Setup();

    [GlobalCleanup]
    public void GlobalCleanup() => _clients.Dispose();

    /// <summary>Refit's own <c>SystemTextJsonContentSerializer</c> with <c>GetDefaultJsonSerializerOptions()</c>: what <c>new RefitSettings()</c> uses.</summary>
    [Benchmark(Baseline = true)]
    public Task<Location> RefitBuiltIn() => _clients.BuiltIn.PostLocation(_clients.Payload.Value);

    [Benchmark]
    public Task<Location> RefitStj() => _clients.RefitStj.PostLocation(_clients.Payload.Value);

    public void Check(string method, object? result)
    {
        if (method is not (nameof(RefitBuiltIn) or nameof(RefitStj)))
        {
            throw Verify.UnknownMethod(method, GetType());
        }

        Verify.SameBytes(_clients.Handler.LastRequestBody.Span, _clients.Payload.Json, $"{method}'s request body");
        Verify.SameValue(result, _clients.Payload, $"{method}'s response");
    }
}

/// <summary>Two Refit clients, one per serializer, over one <see cref="HttpClient"/> whose stub answers with the payload.</summary>
/// <typeparam name="T">The payload type.</typeparam>
internal sealed class RefitClients<T> : IDisposable
{
    private static readonly Uri s_baseAddress = new("http://api.example.test");

    private HttpClient? _httpClient;

    public Payload<T> Payload { get; private set; } = null!;

    public StubHandler Handler { get; private set; } = null!;

    public IRoundTripApi BuiltIn { get; private set; } = null!;

    public IRoundTripApi RefitStj { get; private set; } = null!;

    public void Setup()
    {
        Payload = Payloads.Get<T>();
        Handler = new StubHandler(Payload.Json);
        _httpClient = new HttpClient(Handler, disposeHandler: true) { BaseAddress = s_baseAddress };
        BuiltIn = RestService.For<IRoundTripApi>(_httpClient, new RefitSettings { ContentSerializer = RefitOwnSerializer.CreateDefault() });
        RefitStj = RestService.For<IRoundTripApi>(_httpClient, new RefitSettings { ContentSerializer = new StjContentSerializer() });
    }

    public void Dispose() => _httpClient?.Dispose();
}
