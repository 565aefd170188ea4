using System.Text.Json;
using System.Text.Json.Serialization;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// What Refit 16's wire format costs a source-generated context: RefitStj over <see cref="CompatibleSwatchContext"/>
/// (RefitEnumConverter and RefitObjectConverter named in its options) against the same context without converters
/// (<see cref="FastSwatchContext"/>: System.Text.Json's generated fast path, enums as numbers), with Refit's built-in
/// serializer in that format as the baseline. Each row writes, or reads, its own wire format of the same value.
/// </summary>
public abstract class CompatibleContextBenchmarks<T> : ICheckedBenchmark
    where T : class
{
    private static readonly StjContentSerializer s_check = new StjContentSerializer(CompatibleSwatchContext.Default);

    private protected readonly T _value = Swatches.Get<T>();
    // Refit's serializer in the format the compatible context writes (on Refit 17, options that keep 16's wire).
    private protected readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.CreateRefit16Wire();
    private protected readonly IHttpContentSerializer _compatible = new StjContentSerializer(CompatibleSwatchContext.Default);
    private protected readonly IHttpContentSerializer _fast = new StjContentSerializer(FastSwatchContext.Default);
    private protected byte[] _compatibleJson = [];
    private protected byte[] _fastJson = [];

    [GlobalSetup]
    public void GlobalSetup()
    {
        _compatibleJson = JsonSerializer.SerializeToUtf8Bytes(_value, typeof(T), CompatibleSwatchContext.Default);
        _fastJson = JsonSerializer.SerializeToUtf8Bytes(_value, typeof(T), FastSwatchContext.Default);
    }

    /// <summary>Bytes written, or a value read, must be the value: read (names or numbers) and written again in Refit's format.</summary>
    public void Check(object? result)
    {
        var value = result switch
        {
            ReadOnlyMemory<byte> written => s_check.DeserializeFromString<T>(System.Text.Encoding.UTF8.GetString(written.Span)),
            T read => read,
            _ => throw new InvalidOperationException($"Expected a {typeof(T).Name} or the bytes written, got {result?.GetType().Name ?? "null"}."),
        };
        Verify.Bytes(JsonSerializer.SerializeToUtf8Bytes(value, typeof(T), CompatibleSwatchContext.Default), _compatibleJson, "the value, written again");
    }
}

/// <summary><c>ToHttpContent(item)</c> copied into a reused stream, as Refit's default body mode copies it.</summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Swatch))]
[GenericTypeArguments(typeof(Catalog))]
public class CompatibleContextWriteBenchmarks<T> : CompatibleContextBenchmarks<T>
    where T : class
{
    private readonly MemoryStream _target = new();

    [Benchmark(Baseline = true)]
    public Task<ReadOnlyMemory<byte>> RefitBuiltIn() => WriteAsync(_refitBuiltIn);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> CompatibleContext() => WriteAsync(_compatible);

    [Benchmark]
    public Task<ReadOnlyMemory<byte>> ContextWithoutConverters() => WriteAsync(_fast);

    private async Task<ReadOnlyMemory<byte>> WriteAsync(IHttpContentSerializer serializer)
    {
        using var content = serializer.ToHttpContent(_value);
        _target.SetLength(0);
        await content.CopyToAsync(_target).ConfigureAwait(false);
        return _target.GetBuffer().AsMemory(0, (int)_target.Length);
    }
}

/// <summary><c>FromHttpContentAsync&lt;T&gt;</c> on a buffered content of each serializer's own format, as Refit calls it.</summary>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(Swatch))]
[GenericTypeArguments(typeof(Catalog))]
public class CompatibleContextReadBenchmarks<T> : CompatibleContextBenchmarks<T>
    where T : class
{
    [Benchmark(Baseline = true)]
    public T? RefitBuiltIn() => Read(_refitBuiltIn, _compatibleJson);

    [Benchmark]
    public T? CompatibleContext() => Read(_compatible, _compatibleJson);

    [Benchmark]
    public T? ContextWithoutConverters() => Read(_fast, _fastJson);

    private static T? Read(IHttpContentSerializer serializer, byte[] json)
    {
        using var content = StubHandler.BufferedJsonContent(json);
        return serializer.FromHttpContentAsync<T>(content).GetAwaiter().GetResult();
    }
}

public enum Shade
{
    Red,
    LightGreen,
    DarkBlue,
    UltraViolet,
}

[Flags]
public enum Finish : byte
{
    None = 0,
    Matte = 1,
    Gloss = 2,
    Metallic = 4,
}

/// <summary>The small model (187 bytes in Refit's format, 134 with numeric enums): five enum values among ordinary members.</summary>
public sealed record Swatch(int Id, string Name, Shade Shade, Shade? Accent, Finish Finish, decimal Price, DateTimeOffset Updated, List<Shade> Palette);

/// <summary>The larger model (27 KB in Refit's format, 21 KB with numeric enums): 150 swatches and an enum-keyed dictionary.</summary>
public sealed record Catalog(string Title, List<Swatch> Items, Dictionary<Shade, int> Stock);

internal static class Swatches
{
    public static T Get<T>() => (T)(typeof(T) == typeof(Swatch) ? Swatch(1) : (object)Catalog());

    private static Swatch Swatch(int i) => new(
        i, "Swatch number " + i, (Shade)(i % 4), i % 3 == 0 ? null : (Shade)((i + 1) % 4), (Finish)(i % 8), 12.5m + i,
        new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromHours(i % 12)), [Shade.Red, (Shade)(i % 4), Shade.UltraViolet]);

    private static Catalog Catalog() => new(
        "Spring", [.. Enumerable.Range(1, 150).Select(Swatch)], new() { [Shade.Red] = 3, [Shade.LightGreen] = 5, [Shade.UltraViolet] = 8 });
}

/// <summary>Refit's default format: the context's options plus one enum converter per enum type and the object converter.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[] { typeof(RefitObjectConverter), typeof(RefitEnumConverter<Shade>), typeof(RefitEnumConverter<Finish>) })]
[JsonSerializable(typeof(Swatch))]
[JsonSerializable(typeof(Catalog))]
public sealed partial class CompatibleSwatchContext : JsonSerializerContext;

/// <summary>The same context without converters: System.Text.Json's generated fast path, enums as numbers.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString)]
[JsonSerializable(typeof(Swatch))]
[JsonSerializable(typeof(Catalog))]
public sealed partial class FastSwatchContext : JsonSerializerContext;
