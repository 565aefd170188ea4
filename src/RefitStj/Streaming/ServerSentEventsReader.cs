using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Streaming;

/// <summary>
/// Server-sent events per the WHATWG spec, parsed by <see cref="SseParser"/> (in the shared framework on .NET 9+, the
/// same package Refit uses on .NET 8). Each event's data is one JSON value; comments, event, id and retry fields frame
/// it; an event with blank data (a heartbeat) is skipped rather than failing the stream. The parser buffers a whole
/// event, so under an item limit it reads through <see cref="EventSizeLimitStream"/>.
/// </summary>
internal static class ServerSentEventsReader
{
    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        if (maxItemSize != long.MaxValue)
        {
            stream = new EventSizeLimitStream(stream, maxItemSize);
        }

        long index = 0;
        var parser = SseParser.Create(stream, (_, data) => Parse(data, typeInfo, ref index));
        await foreach (var item in parser.EnumerateAsync(cancellationToken).ConfigureAwait(false))
        {
            if (item.Data.HasValue)
            {
                yield return item.Data.Value;
            }
        }
    }

    private static Parsed<T> Parse<T>(ReadOnlySpan<byte> data, JsonTypeInfo<T> typeInfo, ref long index)
    {
        var number = ++index;
        if (data.IndexOfAnyExcept(StreamBuffers.WhiteSpace) < 0)
        {
            return default;
        }

        try
        {
            return new Parsed<T>(true, JsonSerializer.Deserialize(data, typeInfo));
        }
        catch (JsonException ex)
        {
            throw new JsonException(
                $"Event {number} of the server-sent event stream does not carry valid JSON for {typeof(T)}: {ex.Message}", ex.Path, ex.LineNumber, ex.BytePositionInLine, ex);
        }
    }

    private readonly record struct Parsed<T>(bool HasValue, T? Value);
}
