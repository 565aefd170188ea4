using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Newtonsoft.Json;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What the round trips share: a client whose stub handler answers with the payload's JSON, and one instance of each
/// serializer their rows call, made once in [GlobalSetup]. Only the setup lives here: the rows stay in
/// <see cref="GetRoundTripBenchmarks{T}"/> and <see cref="PostRoundTripBenchmarks"/>.
/// </summary>
/// <typeparam name="T">The response type.</typeparam>
public abstract class RoundTripBenchmarks<T>
{
    private protected Payload<T> _payload = null!;
    private protected RoundTripClient _client = null!;
    private protected JsonSerializerOptions _options = null!;
    private protected StjContentSerializer _refitStj = null!;
    private protected JsonSerializerSettings _newtonsoft = null!;
    private protected FloorSerializer<T> _floor = null!;

    // Where the floors copy the buffered response body, emptied per operation.
    private protected MemoryStream _scratch = null!;
    private protected IHttpContentSerializer _refitOwn = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Payloads.Get<T>();
        _client = new RoundTripClient(_payload.Json);
        _options = Shared.Options;
        _refitStj = new StjContentSerializer();
        _newtonsoft = Shared.NewtonsoftSettings;
        _floor = new FloorSerializer<T>();
        _scratch = new MemoryStream();
        _refitOwn = RefitOwnSerializer.CreateDefault();
        Setup();
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _client.Dispose();
        _floor.Dispose();
        _scratch.Dispose();
    }

    /// <summary>The derived class's own setup, after the shared one.</summary>
    protected virtual void Setup()
    {
    }
}

/// <summary>
/// Level 3, GET over HttpClient: a stub handler answers with the cached JSON of <typeparamref name="T"/>; each row
/// sends, buffers and deserializes as Refit does. The floor reads the buffered body by copying it (one copy, as
/// <c>HttpContent.CopyToAsync</c> hands over its buffer) into a reused stream and deserializing the span. Built with
/// <c>-p:RefitVersion=...</c>, the baseline calls Refit's own serializer class (and <c>RefitClientGetBenchmarks&lt;T&gt;</c>
/// runs the same scenario through a real Refit client).
/// </summary>
/// <typeparam name="T">The response type: an organization (~1 KB) or a page of repositories (~170 KB).</typeparam>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(List<Repository>))]
public class GetRoundTripBenchmarks<T> : RoundTripBenchmarks<T>, ICheckedBenchmark
{
    private static readonly Uri s_uri = new("http://api.example.test/orgs/contoso-open-source");

    [Benchmark(Baseline = true)]
    public async Task<T?> RefitBuiltIn()
    {
        using var response = await _client.SendAsync(HttpMethod.Get, s_uri);
        return await _refitOwn.FromHttpContentAsync<T>(response.Content);
    }

    [Benchmark]
    public async Task<T?> RefitStj()
    {
        using var response = await _client.SendAsync(HttpMethod.Get, s_uri);
        return await _refitStj.FromHttpContentAsync<T>(response.Content);
    }

    [Benchmark]
    public async Task<T?> Newtonsoft()
    {
        using var response = await _client.SendAsync(HttpMethod.Get, s_uri);
        return await RefitNewtonsoftSerializer.FromHttpContentAsync<T>(response.Content, _newtonsoft);
    }

    [Benchmark]
    public async Task<T?> Floor()
    {
        using var response = await _client.SendAsync(HttpMethod.Get, s_uri);
        _scratch.SetLength(0);
        await response.Content.CopyToAsync(_scratch);
        return _floor.Read(_scratch.GetBuffer().AsSpan(0, (int)_scratch.Length));
    }

    public void Check(string method, object? result)
    {
        if (method is not (nameof(RefitBuiltIn) or nameof(RefitStj) or nameof(Newtonsoft) or nameof(Floor)))
        {
            throw Verify.UnknownMethod(method, GetType());
        }

        Verify.SameValue(result, _payload, method);
    }
}

/// <summary>
/// Level 3, POST over HttpClient: a <see cref="Location"/> body (~200 B), which the stub handler drains, and the
/// created <see cref="Location"/> as the response. The floor sends its reused buffer as a
/// <see cref="ReadOnlyMemoryContent"/> and reads the response like the GET floor. Built with <c>-p:RefitVersion=...</c>,
/// the baseline calls Refit's own serializer class.
/// </summary>
[MemoryDiagnoser]
public class PostRoundTripBenchmarks : RoundTripBenchmarks<Location>, ICheckedBenchmark
{
    private static readonly Uri s_uri = new("http://api.example.test/locations");

    private Location _body = null!;

    protected override void Setup() => _body = _payload.Value;

    [Benchmark(Baseline = true)]
    public async Task<Location?> RefitBuiltIn()
    {
        using var response = await _client.SendAsync(HttpMethod.Post, s_uri, _refitOwn.ToHttpContent(_body));
        return await _refitOwn.FromHttpContentAsync<Location>(response.Content);
    }

    [Benchmark]
    public async Task<Location?> RefitStj()
    {
        using var response = await _client.SendAsync(HttpMethod.Post, s_uri, _refitStj.ToHttpContent(_body));
        return await _refitStj.FromHttpContentAsync<Location>(response.Content);
    }

    [Benchmark]
    public async Task<Location?> Newtonsoft()
    {
        using var response = await _client.SendAsync(HttpMethod.Post, s_uri, RefitNewtonsoftSerializer.ToHttpContent(_body, _newtonsoft));
        return await RefitNewtonsoftSerializer.FromHttpContentAsync<Location>(response.Content, _newtonsoft);
    }

    [Benchmark]
    public async Task<Location?> Floor()
    {
        _floor.Write(_body);
        var body = new ReadOnlyMemoryContent(_floor.Written);
        body.Headers.ContentType = Shared.JsonUtf8();
        using var response = await _client.SendAsync(HttpMethod.Post, s_uri, body);
        _scratch.SetLength(0);
        await response.Content.CopyToAsync(_scratch);
        return _floor.Read(_scratch.GetBuffer().AsSpan(0, (int)_scratch.Length));
    }

    public void Check(string method, object? result)
    {
        var sent = _client.Handler.LastRequestBody.Span;
        switch (method)
        {
            case nameof(RefitBuiltIn) or nameof(RefitStj) or nameof(Floor):
                Verify.SameBytes(sent, _payload.Json, $"{method}'s request body");
                break;
            case nameof(Newtonsoft):
                Verify.SameValueInJson(sent, _payload, $"{method}'s request body");
                break;
            default:
                throw Verify.UnknownMethod(method, GetType());
        }

        Verify.SameValue(result, _payload, $"{method}'s response");
    }
}
