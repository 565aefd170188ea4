using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Streaming;

/// <summary>
/// One top-level JSON array, its elements yielded as they arrive. Each element is framed by <see cref="JsonArrayFramer"/>
/// and deserialized from a span, so memory is bounded by the largest element (and by the item limit), not the body.
/// Failures name the element that failed.
/// </summary>
internal static class JsonArrayReader
{
    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var framer = new JsonArrayFramer(typeInfo.Options, maxItemSize);
        for (long index = 0; ; index++)
        {
            bool done;
            while (!TryNext(framer, index, out done) && !done)
            {
                await framer.FillAsync(stream, cancellationToken).ConfigureAwait(false);
            }

            if (done)
            {
                yield break;
            }

            yield return Parse(framer.Element, index, typeInfo);
        }
    }

    private static bool TryNext(JsonArrayFramer framer, long index, out bool done)
    {
        try
        {
            return framer.TryNext(out done);
        }
        catch (JsonException ex)
        {
            // A framing failure inside the array names the element, as a deserialization failure does.
            throw framer.InArray ? Describe(ex, index, "is not valid JSON") : new JsonException($"The streamed JSON array is not valid JSON: {ex.Message}", ex);
        }
    }

    private static T? Parse<T>(ReadOnlySpan<byte> element, long index, JsonTypeInfo<T> typeInfo)
    {
        try
        {
            return JsonSerializer.Deserialize(element, typeInfo);
        }
        catch (JsonException ex)
        {
            throw Describe(ex, index, $"is not valid JSON for {typeof(T)}");
        }
    }

    private static JsonException Describe(JsonException inner, long index, string problem) =>
        new($"Element {index} of the streamed JSON array {problem}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);
}
