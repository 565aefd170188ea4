using System.Text.Json;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Checks;

/// <summary>The assertions the benchmark classes' checks are made of.</summary>
public static class Verify
{
    /// <summary>System.Text.Json rows must write exactly the floor's bytes.</summary>
    public static void SameBytes(ReadOnlySpan<byte> actual, ReadOnlySpan<byte> expected, string what)
    {
        if (!actual.SequenceEqual(expected))
        {
            var at = actual.CommonPrefixLength(expected);
            throw new BenchmarkCheckException($"{what}: {actual.Length} bytes that differ from the expected {expected.Length} at offset {at}.");
        }
    }

    /// <summary>A value read must be the payload: re-serialized by the floor it gives the payload's bytes exactly.</summary>
    public static void SameValue<T>(object? actual, Payload<T> payload, string what)
    {
        if (actual is not T value)
        {
            throw new BenchmarkCheckException($"{what}: expected a {typeof(T).Name}, got {actual?.GetType().Name ?? "null"}.");
        }

        SameBytes(Shared.SerializeToUtf8Bytes(value), payload.Json, $"{what} (value read, written again)");
    }

    /// <summary>JSON another serializer wrote (Newtonsoft: PascalCase, enums as numbers) must carry the payload's value.</summary>
    public static void SameValueInJson<T>(ReadOnlySpan<byte> json, Payload<T> payload, string what)
    {
        T? value;
        try
        {
            value = JsonSerializer.Deserialize(json, Shared.TypeInfo<T>());
        }
        catch (JsonException ex)
        {
            throw new BenchmarkCheckException($"{what}: the {json.Length} bytes written are not JSON of {typeof(T).Name}.", ex);
        }

        SameValue(value, payload, what);
    }

    public static void Equal<TValue>(TValue expected, object? actual, string what)
    {
        if (actual is not TValue value || !EqualityComparer<TValue>.Default.Equals(value, expected))
        {
            throw new BenchmarkCheckException($"{what}: expected {expected}, got {actual ?? "null"}.");
        }
    }

    public static BenchmarkCheckException UnknownMethod(string method, Type type) =>
        new($"{type.Name} has no check for benchmark method '{method}'.");
}
