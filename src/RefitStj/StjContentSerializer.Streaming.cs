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
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="stream">The body; it is read, never disposed.</param>
    /// <param name="format">How the body frames its items.</param>
    /// <param name="cancellationToken">Cancels the enumeration, between or within items.</param>
    /// <returns>The items, in order. Disposing the enumerator early stops reading.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="format"/> is not a defined value.</exception>
    /// <exception cref="ResponseTooLargeException">More than <see cref="MaxResponseBodySize"/> bytes were read, or one item is larger than <see cref="MaxStreamItemSize"/>.</exception>
    /// <exception cref="System.Text.Json.JsonException">An item is not valid JSON for <typeparamref name="T"/>; the message names the element, line or event.</exception>
    [SuppressMessage("Reliability", "CA2000", Justification = "The limit wrappers hold nothing to dispose; the caller keeps owning the stream.")]
    public IAsyncEnumerable<T?> DeserializeStreamAsync<T>(Stream stream, StreamingContentFormat format, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        var typeInfo = _metadata.Get<T>().TypeInfo;
        if (_maxResponseBodySize is { } limit)
        {
            stream = new LimitedReadStream(stream, limit);
        }

        var maxItemSize = _maxStreamItemSize ?? long.MaxValue;
        return format switch
        {
            StreamingContentFormat.JsonArray => JsonArrayReader.ReadAsync(stream, typeInfo, maxItemSize, cancellationToken),
            StreamingContentFormat.JsonLines => JsonLinesReader.ReadAsync(stream, typeInfo, maxItemSize, cancellationToken),
            StreamingContentFormat.ServerSentEvents => ServerSentEventsReader.ReadAsync(stream, typeInfo, maxItemSize, cancellationToken),
            _ => throw new ArgumentOutOfRangeException(nameof(format), format, "Not a StreamingContentFormat value."),
        };
    }

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
}
