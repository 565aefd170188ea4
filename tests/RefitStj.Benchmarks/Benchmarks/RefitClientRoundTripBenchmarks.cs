using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// GET through real Refit clients (<c>RestService.ForGenerated</c>, Refit's source-generated client) over a <see cref="StubHandler"/>
/// that answers with the payload: what a user sees per call on swapping Refit's built-in serializer for RefitStj.
/// </summary>
/// <typeparam name="T">The response: a login (~83 B), a location (~200 B), an organization (~1 KB) or a page of 150 repositories (~170 KB).</typeparam>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(List<Repository>))]
public class RefitClientGetBenchmarks<T> : ICheckedBenchmark
{
    private readonly Payload<T> _payload = Payloads.Get<T>();
    private RefitClients _clients = null!;

    // One GET per payload type (the generator implements no generic interface), chosen once, outside the measured calls.
    private readonly Func<IRoundTripApi, Task<T>> _get =
        typeof(T) == typeof(LoginViewModel) ? api => (Task<T>)(object)api.GetLogin()
        : typeof(T) == typeof(Location) ? api => (Task<T>)(object)api.GetLocation()
        : typeof(T) == typeof(Organization) ? api => (Task<T>)(object)api.GetOrganization()
        : typeof(T) == typeof(List<Repository>) ? api => (Task<T>)(object)api.GetRepositories()
        : throw new NotSupportedException(typeof(T).Name);

    [GlobalSetup]
    public void GlobalSetup() => _clients = new RefitClients(_payload.Json, buffered: false);

    [GlobalCleanup]
    public void GlobalCleanup() => _clients.Dispose();

    /// <summary><c>new RefitSettings()</c>'s serializer: <c>SystemTextJsonContentSerializer</c> with its default options.</summary>
    [Benchmark(Baseline = true)]
    public Task<T> RefitBuiltIn() => _get(_clients.RefitBuiltIn);

    [Benchmark]
    public Task<T> RefitStj() => _get(_clients.RefitStj);

    /// <summary>A Refit client over <see cref="FloorSerializer"/>: the least any serializer could add to Refit's own work.</summary>
    [Benchmark]
    public Task<T> Floor() => _get(_clients.Floor);

    public void Check(object? result) => Verify.Payload(result, _payload);
}

/// <summary>
/// POST through real Refit clients: a body the <see cref="StubHandler"/> drains (so its serialization is measured), and
/// no response body to read. <c>Buffered = false</c> is Refit's default body mode (with
/// <c>RequestBodySerialization.Default</c>): Refit wraps the serializer's content in its push content, copies it into
/// the request stream and never disposes it. <c>Buffered = true</c>: the content is buffered, then sent as it is.
/// </summary>
/// <typeparam name="T">The body: a location (~200 B) or a page of 150 repositories (~170 KB).</typeparam>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(List<Repository>))]
public class RefitClientPostBenchmarks<T> : ICheckedBenchmark
{
    private readonly Payload<T> _payload = Payloads.Get<T>();
    private RefitClients _clients = null!;

    private readonly Func<IRoundTripApi, T, Task> _post =
        typeof(T) == typeof(Location) ? (api, body) => api.PostLocation((Location)(object)body!)
        : typeof(T) == typeof(List<Repository>) ? (api, body) => api.PostRepositories((List<Repository>)(object)body!)
        : throw new NotSupportedException(typeof(T).Name);

    [Params(false, true)]
    public bool Buffered { get; set; }

    [GlobalSetup]
    public void GlobalSetup() => _clients = new RefitClients([], Buffered);

    [GlobalCleanup]
    public void GlobalCleanup() => _clients.Dispose();

    /// <summary><c>new RefitSettings()</c>'s serializer: <c>SystemTextJsonContentSerializer</c> with its default options.</summary>
    [Benchmark(Baseline = true)]
    public Task RefitBuiltIn() => _post(_clients.RefitBuiltIn, _payload.Value);

    [Benchmark]
    public Task RefitStj() => _post(_clients.RefitStj, _payload.Value);

    /// <summary>A Refit client over <see cref="FloorSerializer"/>: the least any serializer could add to Refit's own work.</summary>
    [Benchmark]
    public Task Floor() => _post(_clients.Floor, _payload.Value);

    public void Check(object? result) => Verify.Bytes(_clients.Handler.LastRequestBody, _payload.Json, "the request body");
}

/// <summary>The Refit API the round trips call. Public, since Refit's generated client implements it.</summary>
public interface IRoundTripApi
{
    [Get("/session")]
    Task<LoginViewModel> GetLogin();

    [Get("/locations/1")]
    Task<Location> GetLocation();

    [Get("/orgs/contoso-open-source")]
    Task<Organization> GetOrganization();

    [Get("/orgs/contoso-open-source/repos")]
    Task<List<Repository>> GetRepositories();

    [Post("/locations")]
    Task PostLocation([Body] Location location);

    [Post("/orgs/contoso-open-source/repos")]
    Task PostRepositories([Body] List<Repository> repositories);
}

/// <summary>One Refit client per serializer, all with the same settings, over one stub that answers with the same bytes.</summary>
internal sealed class RefitClients : IDisposable
{
    private readonly HttpClient _httpClient;
    private readonly FloorSerializer _floor = new();

    public RefitClients(byte[] responseBody, bool buffered)
    {
        Handler = new StubHandler(responseBody);
        _httpClient = new HttpClient(Handler) { BaseAddress = new Uri("http://api.example.test") };
        RefitBuiltIn = Create(RefitDefaultSerializer.Create());
        RefitStj = Create(new StjContentSerializer());
        Floor = Create(_floor);

        IRoundTripApi Create(IHttpContentSerializer serializer) =>
            RestService.ForGenerated<IRoundTripApi>(_httpClient, new RefitSettings { ContentSerializer = serializer, Buffered = buffered });
    }

    public StubHandler Handler { get; }

    public IRoundTripApi RefitBuiltIn { get; }

    public IRoundTripApi RefitStj { get; }

    public IRoundTripApi Floor { get; }

    public void Dispose()
    {
        _httpClient.Dispose();
        _floor.Dispose();
    }
}
