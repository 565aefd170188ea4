using BenchmarkDotNet.Attributes;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// Level 1, read: <c>FromHttpContentAsync&lt;T&gt;</c> on a response content made per operation by
/// <see cref="CreateContent"/>, identically for every row (its cost is in every row but the floor, which reads the
/// bytes straight from memory). The derived classes choose the kind of content. Each row blocks on the task the
/// serializer returns, as BenchmarkDotNet does with an async benchmark, so no row also times an async method of the
/// harness's own (every read here completes in memory). Built with <c>-p:RefitVersion=...</c>, the baseline is
/// Refit's own serializer class and two rows are added: the by-hand baseline of the default build, and Refit's class
/// over its fast-path options.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public abstract class ReadBenchmarks<T> : LevelBenchmarks<T>, ICheckedBenchmark
{
    protected byte[] Json => _payload.Json;

    /// <summary>
    /// Refit's built-in serializer: <c>content.ReadFromJsonAsync&lt;T&gt;(options)</c>; built against the real Refit
    /// package, its <c>SystemTextJsonContentSerializer</c> with <c>GetDefaultJsonSerializerOptions()</c>.
    /// </summary>
    [Benchmark(Baseline = true)]
    public T? RefitBuiltIn()
    {
        using var content = CreateContent();
        return _refitOwn.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    /// <summary>The default build's baseline (the same calls by hand, with RefitStj's Refit-compatible options).</summary>
    [Benchmark]
    public T? RefitBuiltInByHand()
    {
        using var content = CreateContent();
        return RefitBuiltInSerializer.FromHttpContentAsync<T>(content, _options).GetAwaiter().GetResult();
    }

    /// <summary>Refit's class over <c>GetFastPathJsonSerializerOptions()</c> with the source-generated context.</summary>
    [Benchmark]
    public T? RefitFastPath()
    {
        using var content = CreateContent();
        return _refitFastPath.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    [Benchmark]
    public T? RefitStj()
    {
        using var content = CreateContent();
        return _refitStj.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    /// <summary>RefitStj over a source-generated context (no reflection, no converters in the options).</summary>
    [Benchmark]
    public T? RefitStjSourceGen()
    {
        using var content = CreateContent();
        return _refitStjSourceGen.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }

    [Benchmark]
    public T? Newtonsoft()
    {
        using var content = CreateContent();
        return RefitNewtonsoftSerializer.FromHttpContentAsync<T>(content, _newtonsoft).GetAwaiter().GetResult();
    }

    /// <summary>No HttpContent at all: <c>JsonSerializer.Deserialize(span, typeInfo)</c> over the bytes in memory.</summary>
    [Benchmark]
    public T? Floor() => _floor.Read(_payload.Json);

    /// <summary>The anti-pattern: fresh options (and so an empty metadata cache) for every call.</summary>
    [Benchmark]
    [OnlyFor(typeof(LoginViewModel))]
    public T? NewOptionsPerCall()
    {
        using var content = CreateContent();
        return RefitBuiltInSerializer.FromHttpContentAsync<T>(content, StjContentSerializer.CreateDefaultOptions()).GetAwaiter().GetResult();
    }

    public void Check(string method, object? result)
    {
        if (method is not (nameof(RefitBuiltIn) or "RefitBuiltInByHand" or "RefitFastPath" or nameof(RefitStj) or nameof(RefitStjSourceGen) or nameof(Newtonsoft) or nameof(Floor) or nameof(NewOptionsPerCall)))
        {
            throw Verify.UnknownMethod(method, GetType());
        }

        Verify.SameValue(result, _payload, method);
    }

    /// <summary>A new response content holding <see cref="Json"/> with <c>Content-Type: application/json; charset=utf-8</c>.</summary>
    protected abstract HttpContent CreateContent();
}

/// <summary>
/// Reads content that is already in memory, as Refit (11.2+) hands it to the serializer after buffering the response.
/// Each operation gets a new <see cref="ByteArrayContent"/> over the payload bytes: like a buffered response, its
/// <c>ReadAsStreamAsync</c> returns a read-only <see cref="MemoryStream"/> over the body that hides its array, but
/// making one costs no copy, so nothing but a few small objects is added to every row. A content cannot be shared
/// between operations: HttpContent caches the stream it hands out, which the baseline (ReadFromJsonAsync) and the
/// Newtonsoft row dispose. RefitStj reads it from the start and leaves it open, so it alone could reuse a content, but
/// it gets a new one all the same: the rows differ only in the serializer.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class ReadBufferedBenchmarks<T> : ReadBenchmarks<T>
{
    protected override HttpContent CreateContent() => Shared.JsonContent(Json);
}

/// <summary>
/// Reads content that is not buffered: a <see cref="StreamContent"/> over a fresh non-seekable stream (not a
/// <see cref="MemoryStream"/>) per operation, with the Content-Length a server would send.
/// </summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(LoginViewModel))]
[GenericTypeArguments(typeof(Location))]
[GenericTypeArguments(typeof(Organization))]
[GenericTypeArguments(typeof(IndexViewModel))]
[GenericTypeArguments(typeof(CollectionsOfPrimitives))]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class ReadStreamBenchmarks<T> : ReadBenchmarks<T>
{
    protected override HttpContent CreateContent()
    {
        var content = Shared.WithJsonContentType(new StreamContent(new ForwardOnlyStream(Json)));
        content.Headers.ContentLength = Json.Length;
        return content;
    }
}
