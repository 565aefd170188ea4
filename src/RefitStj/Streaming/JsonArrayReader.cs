using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Streaming;

/// <summary>
/// One top-level JSON array, its elements yielded as they arrive by System.Text.Json's own async enumerable reader,
/// which keeps only the unread part of the body buffered. Under an item limit it reads through
/// <see cref="ItemSizeLimitStream"/>, so one endless element fails instead of growing that buffer without end.
/// Failures name the element that failed.
/// </summary>
internal static class JsonArrayReader
{
    [SuppressMessage("Reliability", "CA2000", Justification = "The limit wrapper holds nothing to dispose; the caller keeps owning the stream.")]
    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var limited = maxItemSize == long.MaxValue ? null : new ItemSizeLimitStream(stream, maxItemSize, "An element of the streamed JSON array");
        var elements = JsonSerializer.DeserializeAsyncEnumerable(limited ?? stream, typeInfo, cancellationToken).GetAsyncEnumerator(cancellationToken);
        await using (elements.ConfigureAwait(false))
        {
            for (long index = 0; ; index++)
            {
                T? item;
                try
                {
                    if (!await elements.MoveNextAsync().ConfigureAwait(false))
                    {
                        yield break;
                    }

                    item = elements.Current;
                }
                catch (JsonException ex)
                {
                    throw new JsonException(
                        $"Element {index} of the streamed JSON array is not valid JSON for {typeof(T)}: {ex.Message}", ex.Path, ex.LineNumber, ex.BytePositionInLine, ex);
                }

                limited?.ItemDone();
                yield return item;
            }
        }
    }
}
