using System.Runtime.CompilerServices;
using RefitStj.Errors;
using RefitStj.IO;
using RefitStj.Reading;

namespace RefitStj.Streaming;

/// <summary>
/// JSON Lines: one value per line, LF or CRLF, blank lines skipped, last line with or without a newline. Each line is
/// deserialized from a span of one pooled buffer, so memory is bounded by the longest line (and by the item limit), not
/// the body.
/// </summary>
internal static class JsonLinesReader
{
    private const int InitialBufferSize = 16 * 1024;

    public static async IAsyncEnumerable<T?> ReadAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, long maxItemSize, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var buffer = BufferPool.Rent(InitialBufferSize);
        try
        {
            int start = 0, end = 0, scanned = 0;
            long lineNumber = 0;
            var ended = false;
            while (true)
            {
                var newline = buffer.AsSpan(scanned, end - scanned).IndexOf((byte)'\n');
                if (newline >= 0 || (ended && start < end))
                {
                    var lineEnd = newline >= 0 ? scanned + newline : end;
                    lineNumber++;
                    var isValue = TryParseLine(buffer.AsSpan(start, lineEnd - start), lineNumber, typeInfo, out var item);
                    start = scanned = Math.Min(lineEnd + 1, end);
                    if (isValue)
                    {
                        yield return item;
                    }

                    continue;
                }

                if (ended)
                {
                    yield break;
                }

                // No newline from start to end: the unfinished line must stay under the limit before more of it is read.
                CheckSize(end - start, lineNumber + 1, maxItemSize);
                scanned = end;
                if (start > 0)
                {
                    // Slide the unfinished line to the front rather than grow: the buffer only grows for a line that does not fit.
                    buffer.AsSpan(start, end - start).CopyTo(buffer);
                    (end, scanned, start) = (end - start, scanned - start, 0);
                }
                else if (end == buffer.Length)
                {
                    buffer = StreamBuffers.Grow(buffer, end, maxItemSize);
                }

                var room = StreamBuffers.Room(buffer.Length - end, maxItemSize, end - start);
                var read = await stream.ReadAsync(buffer.AsMemory(end, room), cancellationToken).ConfigureAwait(false);
                ended = read == 0;
                end += read;
            }
        }
        finally
        {
            BufferPool.Return(buffer);
        }
    }

    private static void CheckSize(long size, long lineNumber, long maxItemSize)
    {
        if (size > maxItemSize)
        {
            throw ResponseTooLargeException.ItemTooLarge(maxItemSize, size, $"Line {lineNumber} of the JSON Lines body");
        }
    }

    private static bool TryParseLine<T>(ReadOnlySpan<byte> line, long lineNumber, JsonTypeInfo<T> typeInfo, out T? item)
    {
        if (lineNumber == 1 && line.StartsWith("\uFEFF"u8))
        {
            line = line[3..];
        }

        item = default;
        if (line.IndexOfAnyExcept(JsonBody.WhiteSpace) < 0)
        {
            return false;
        }

        try
        {
            item = JsonSerializer.Deserialize(line, typeInfo);
            return true;
        }
        catch (JsonException ex)
        {
            // The line was read on its own, as line 1 of its bytes: it is line lineNumber of the body.
            throw ReadErrors.Describe(ex, typeInfo, $"Line {lineNumber} of the JSON Lines body", line, headers: null, firstLine: lineNumber);
        }
    }
}
