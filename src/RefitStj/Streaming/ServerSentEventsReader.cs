using System.Net.ServerSentEvents;
using System.Runtime.CompilerServices;
using RefitStj.Errors;
using RefitStj.Limits;
using RefitStj.Reading;

namespace RefitStj.Streaming;

/// <summary>
/// Server-sent events per the WHATWG spec, parsed by <see cref="SseParser"/> (in the shared framework on .NET 9+, the
/// same package Refit uses on .NET 8). Each event's data is one JSON value; comments, event, id and retry fields frame
/// it. An event whose data is <c>[DONE]</c> (the end marker of OpenAI-style streams; never valid JSON, so it cannot hide
/// a value) ends the stream: nothing after it is read. The parser buffers a whole event, so under an item limit it reads
/// through <see cref="EventSizeLimitStream"/>.
/// </summary>
internal static class ServerSentEventsReader
{
    /// <summary>Each event's data as a <typeparamref name="T"/>; an event with blank data (a heartbeat) is skipped rather than failing the stream.</summary>
    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var item in EnumerateAsync(stream, typeInfo, maxItemSize, cancellationToken).ConfigureAwait(false))
        {
            if (item.Data.Kind == DataKind.Done)
            {
                yield break;
            }

            if (item.Data.Kind == DataKind.Value)
            {
                yield return item.Data.Value;
            }
        }
    }

    /// <summary>
    /// Each event as <see cref="SseParser"/> reports it (type, id, retry), its data read as a <typeparamref name="T"/>:
    /// blank data gives <see langword="default"/>, since the event itself (its type, its id) still says something.
    /// </summary>
    public static async IAsyncEnumerable<SseItem<T>> ReadItemsAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var item in EnumerateAsync(stream, typeInfo, maxItemSize, cancellationToken).ConfigureAwait(false))
        {
            if (item.Data.Kind == DataKind.Done)
            {
                yield break;
            }

            yield return new SseItem<T>(item.Data.Value!, item.EventType)
            {
                EventId = item.EventId,
                ReconnectionInterval = item.ReconnectionInterval,
            };
        }
    }

    /// <summary>Whether <paramref name="data"/> is the end marker: <c>[DONE]</c>, with nothing around it but JSON whitespace.</summary>
    internal static bool IsDone(ReadOnlySpan<byte> data) => data.Trim(" \t\r\n"u8).SequenceEqual("[DONE]"u8);

    private static IAsyncEnumerable<SseItem<Parsed<T>>> EnumerateAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, CancellationToken cancellationToken)
    {
        if (maxItemSize != long.MaxValue)
        {
            stream = new EventSizeLimitStream(stream, maxItemSize);
        }

        long index = 0;
        return SseParser.Create(stream, (_, data) => Parse(data, typeInfo, ref index)).EnumerateAsync(cancellationToken);
    }

    private static Parsed<T> Parse<T>(ReadOnlySpan<byte> data, JsonTypeInfo<T> typeInfo, ref long index)
    {
        var number = ++index;
        if (data.IndexOfAnyExcept(JsonBody.WhiteSpace) < 0)
        {
            return default;
        }

        if (IsDone(data))
        {
            return new Parsed<T>(DataKind.Done, default);
        }

        try
        {
            return new Parsed<T>(DataKind.Value, JsonSerializer.Deserialize(data, typeInfo));
        }
        catch (JsonException ex)
        {
            throw ReadErrors.Describe(ex, typeInfo, $"Event {number} of the server-sent event stream", data, headers: null);
        }
    }

    private enum DataKind : byte
    {
        Blank,
        Value,
        Done,
    }

    private readonly record struct Parsed<T>(DataKind Kind, T? Value);
}
