using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Checks;

/// <summary>What the checks are made of: every row must write the payload's bytes exactly or read its value back.</summary>
public static class Verify
{
    /// <summary>Bytes written must be the payload's JSON; a value read, written again by the floor, must be too.</summary>
    public static void Payload<T>(object? result, Payload<T> payload)
    {
        switch (result)
        {
            case ReadOnlyMemory<byte> written:
                Bytes(written.Span, payload.Json, "the bytes written");
                break;
            case T value:
                using (var floor = new FloorSerializer())
                {
                    Bytes(floor.Write(value).Span, payload.Json, "the value read, written again");
                }

                break;
            default:
                throw new InvalidOperationException($"Expected a {typeof(T).Name} or the bytes written, got {result?.GetType().Name ?? "null"}.");
        }
    }

    public static void Bytes(ReadOnlySpan<byte> actual, ReadOnlySpan<byte> expected, string what)
    {
        if (!actual.SequenceEqual(expected))
        {
            throw new InvalidOperationException(
                $"{what}: {actual.Length} bytes, which differ from the expected {expected.Length} at offset {actual.CommonPrefixLength(expected)}.");
        }
    }
}
