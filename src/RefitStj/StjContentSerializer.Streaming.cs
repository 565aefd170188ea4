using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using Refit;
using RefitStj.Streaming;

namespace RefitStj;

/// <content>Streaming responses: items yielded as they arrive, in memory bounded by the largest item.</content>
public sealed partial class StjContentSerializer : IStreamingContentSerializer
{
    /// <summary>
    /// Reads <paramref name="stream"/> item by item: the elements of one JSON array, the values of JSON Lines, or the
    /// data of server-sent events. Memory is bounded by the largest item (at most <see cref="MaxStreamItemSize"/>), not
    /// the body.
    /// </summary>
    /// <remarks>
    /// Server-sent events: an event with blank data is skipped, and one whose data is <c>[DONE]</c> (surrounding
    /// whitespace aside) ends the stream without reading further, as OpenAI-style APIs end theirs. With
    /// <typeparamref name="T"/> an <c>SseItem&lt;TData&gt;</c>, each event comes with its type, id and retry interval as
    /// <c>SseParser</c> reports them and its data read as a <c>TData</c> (<see langword="default"/> when blank); this
    /// needs a <see cref="SseItemConverter{T}"/> in the options unless they are reflection-based, and a server-sent
    /// event response.
    /// </remarks>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="stream">The body; it is read, never disposed.</param>
    /// <param name="format">How the body frames its items.</param>
    /// <param name="cancellationToken">Cancels the enumeration, between or within items.</param>
    /// <returns>The items, in order. Disposing the enumerator early stops reading.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="format"/> is not a defined value.</exception>
    /// <exception cref="ResponseTooLargeException">More than <see cref="MaxResponseBodySize"/> bytes were read, or one item is larger than <see cref="MaxStreamItemSize"/>.</exception>
    /// <exception cref="System.Text.Json.JsonException">An item is not valid JSON for <typeparamref name="T"/>; the message names the element, line or event.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is an <c>SseItem&lt;TData&gt;</c> and the options list no <see cref="SseItemConverter{T}"/> (the message names the fix), or the response is not server-sent events.</exception>
    [SuppressMessage("ApiDesign", "RS0026", Justification = "Refit's IJsonTypeInfoContentSerializer declares these overloads with the optional token.")]
    public IAsyncEnumerable<T?> DeserializeStreamAsync<T>(Stream stream, StreamingContentFormat format, CancellationToken cancellationToken = default) =>
        ReadStream<T>(stream, format, typeInfo: null, cancellationToken);

    /// <summary>
    /// Reads <paramref name="content"/> item by item, for callers without Refit's <c>IAsyncEnumerable</c> support. The
    /// framing follows the media type as Refit chooses it: <c>text/event-stream</c> is server-sent events;
    /// <c>application/jsonl</c>, <c>application/x-ndjson</c> and <c>application/x-jsonlines</c> are JSON Lines; anything
    /// else is one JSON array. Send the request with <see cref="HttpCompletionOption.ResponseHeadersRead"/> so the
    /// body is not buffered first.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="content">The response content.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The items, in order.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="content"/> is <see langword="null"/>.</exception>
    public IAsyncEnumerable<T?> FromHttpContentAsAsyncEnumerable<T>(HttpContent content, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return ReadContentAsync<T>(content, cancellationToken);
    }

    private async IAsyncEnumerable<T?> ReadContentAsync<T>(HttpContent content, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var format = StreamingFormats.FromMediaType(content.Headers.ContentType?.MediaType);
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var item in DeserializeStreamAsync<T>(stream, format, cancellationToken).ConfigureAwait(false))
        {
            yield return item;
        }
    }

    /// <summary>The items of <paramref name="stream"/>, read with <paramref name="typeInfo"/> when given (its options then read an <c>SseItem</c>'s data), else with this serializer's metadata.</summary>
    [SuppressMessage("Reliability", "CA2000", Justification = "The limit wrappers hold nothing to dispose; the caller keeps owning the stream.")]
    private IAsyncEnumerable<T?> ReadStream<T>(Stream stream, StreamingContentFormat format, JsonTypeInfo<T>? typeInfo, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(stream);
        if (format is not (StreamingContentFormat.JsonArray or StreamingContentFormat.JsonLines or StreamingContentFormat.ServerSentEvents))
        {
            throw new ArgumentOutOfRangeException(nameof(format), format, "Not a StreamingContentFormat value.");
        }

        // SseItem<T> comes whole from an SseItemConverter<T>, which knows T: Refit asks for SseItem<T>, never for T.
        var options = typeInfo?.Options ?? _metadata.Options;
        var sseItems = SseItemTypes.IsSseItem(typeof(T)) ? SseItemTypes.ReaderFor<T>(options, _dynamicSseItems, format) : null;
        if (sseItems is null)
        {
            typeInfo ??= _metadata.Get<T>().TypeInfo;
        }

        var maxItemSize = StreamLimits.Apply(ref stream, _maxResponseBodySize, _maxStreamItemSize);
        if (sseItems is not null)
        {
            return sseItems.ReadAsync(stream, options, maxItemSize, cancellationToken)!;
        }

        return format switch
        {
            StreamingContentFormat.JsonArray => JsonArrayReader.ReadAsync(stream, typeInfo!, maxItemSize, cancellationToken),
            StreamingContentFormat.JsonLines => JsonLinesReader.ReadAsync(stream, typeInfo!, maxItemSize, cancellationToken),
            _ => ServerSentEventsReader.ReadAsync(stream, typeInfo!, maxItemSize, cancellationToken),
        };
    }
}
