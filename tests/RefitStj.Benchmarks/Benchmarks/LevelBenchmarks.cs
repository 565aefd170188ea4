using System.Text.Json;
using BenchmarkDotNet.Attributes;
using Newtonsoft.Json;
using Refit;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What the read and write levels share: the payload (its value is what the write rows serialize) and one instance of
/// each serializer their rows call, made once in [GlobalSetup]. Only the setup lives here: every row's body stays in
/// <see cref="ReadBenchmarks{T}"/> or <see cref="WriteBenchmarks{T}"/>, next to the rows it is compared with.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class LevelBenchmarks<T>
{
    // Fields, not properties: the rows read them exactly as they did when each level declared its own.
    private protected Payload<T> _payload = null!;
    private protected T _item = default!;
    private protected JsonSerializerOptions _options = null!;
    private protected StjContentSerializer _refitStj = null!;
    private protected StjContentSerializer _refitStjSourceGen = null!;
    private protected JsonSerializerSettings _newtonsoft = null!;
    private protected FloorSerializer<T> _floor = null!;
    private protected IHttpContentSerializer _refitOwn = null!;
    private protected IHttpContentSerializer _refitFastPath = null!;

    [GlobalSetup]
    public void GlobalSetup()
    {
        _payload = Payloads.Get<T>();
        _item = _payload.Value;
        _options = Shared.Options;
        _refitStj = new StjContentSerializer();
        _refitStjSourceGen = new StjContentSerializer(BenchmarkJsonContext.Default);
        _newtonsoft = Shared.NewtonsoftSettings;
        _floor = new FloorSerializer<T>();
        _refitOwn = RefitOwnSerializer.CreateDefault();
        _refitFastPath = RefitOwnSerializer.CreateFastPath();
        Setup();
    }

    [GlobalCleanup]
    public void GlobalCleanup()
    {
        _floor.Dispose();
        Cleanup();
    }

    /// <summary>The derived class's own setup, after the shared one.</summary>
    protected virtual void Setup()
    {
    }

    /// <summary>The derived class's own cleanup, after the shared one.</summary>
    protected virtual void Cleanup()
    {
    }
}
