using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Streaming;

/// <summary>
/// One top-level JSON array, its elements yielded as they arrive by System.Text.Json's own async enumerable reader,
/// which keeps only the unread part of the body buffered. Failures name the element that failed.
/// </summary>
internal static class JsonArrayReader
{
    public static async IAsyncEnumerable<T?> ReadAsync<T>(Stream stream, JsonTypeInfo<T> typeInfo, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var elements = JsonSerializer.DeserializeAsyncEnumerable(stream, typeInfo, cancellationToken).GetAsyncEnumerator(cancellationToken);
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

                yield return item;
            }
        }
    }
}
