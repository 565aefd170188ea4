using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.CompilerServices;
using RefitStj.Errors;
using RefitStj.Limits;

namespace RefitStj.Streaming;

/// <summary>
/// One top-level JSON array, its elements yielded as they arrive by System.Text.Json's own async enumerable reader,
/// which keeps only the unread part of the body buffered. Under an item limit it reads through
/// <see cref="ItemSizeLimitStream"/>, so one endless element fails instead of growing that buffer without end.
/// Failures name the element that failed by its index in the whole array.
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
                    throw Describe(ex, typeInfo, index);
                }

                limited?.ItemDone();
                yield return item;
            }
        }
    }

    /// <summary>
    /// The failure, with the element named by its index in the whole array. System.Text.Json deserializes every element
    /// a read brought before it yields the first, and its path counts from the first of those: the failing element is
    /// <paramref name="yielded"/> plus that count, whatever the read sizes.
    /// </summary>
    private static JsonException Describe<T>(JsonException ex, JsonTypeInfo<T> typeInfo, long yielded)
    {
        if (ex.Path is not { } path || !TryGetIndex(path, out var relative, out var rest))
        {
            return ReadErrors.Describe(ex, typeInfo, "The streamed JSON array", default, headers: null, pathInType: "$");
        }

        var index = yielded + relative;
        return ReadErrors.Describe(ex, typeInfo, $"Element {index} of the streamed JSON array", default, headers: null, path: $"$[{index}]{rest}", pathInType: "$" + rest);
    }

    /// <summary>Reads <c>$[n]</c> at the start of a path: the index and what follows it.</summary>
    private static bool TryGetIndex(string path, out long index, out string rest)
    {
        (index, rest) = (0, "");
        var close = path.StartsWith("$[", StringComparison.Ordinal) ? path.IndexOf(']', 2) : -1;
        if (close < 0 || !long.TryParse(path.AsSpan(2, close - 2), NumberStyles.None, CultureInfo.InvariantCulture, out index))
        {
            return false;
        }

        rest = path[(close + 1)..];
        return true;
    }
}
