using System.Diagnostics;

namespace RefitStj.IO;

/// <summary>Pooled-buffer helpers shared by the body and stream readers.</summary>
internal static class StreamBuffers
{
    /// <summary>
    /// Rents a buffer twice as large (at least 16 KiB; under a <paramref name="limit"/>, no larger than needed to hold
    /// one byte past it), copies the first <paramref name="length"/> bytes, returns the old one.
    /// </summary>
    /// <param name="buffer">The full buffer.</param>
    /// <param name="length">The bytes of it to keep.</param>
    /// <param name="limit">The most bytes the caller accepts; one more is enough to tell it was passed.</param>
    public static byte[] Grow(byte[] buffer, int length, long limit = long.MaxValue)
    {
        if (length >= Array.MaxLength)
        {
            throw new InvalidOperationException($"A JSON value larger than {Array.MaxLength} bytes, the most one array can hold, cannot be read.");
        }

        var size = Math.Min(Math.Clamp(length * 2L, 16 * 1024, Array.MaxLength), limit < Array.MaxLength ? limit + 1 : Array.MaxLength);
        var larger = BufferPool.Rent((int)Math.Max(size, length + 1L));
        buffer.AsSpan(0, length).CopyTo(larger);
        BufferPool.Return(buffer);
        return larger;
    }

    /// <summary>
    /// How much of <paramref name="free"/> bytes of room a read may fill when <paramref name="held"/> bytes of an item
    /// are already held: never more than one byte past <paramref name="limit"/>, so an endless item is refused having
    /// read little more than the limit.
    /// </summary>
    public static int Room(int free, long limit, long held)
    {
        var left = limit - held;
        Debug.Assert(left >= 0, "an item over the limit is refused before the next read");
        return left >= free ? free : (int)left + 1;
    }
}
