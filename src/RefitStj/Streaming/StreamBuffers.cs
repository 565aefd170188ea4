using System.Buffers;
using RefitStj.Buffers;

namespace RefitStj.Streaming;

/// <summary>Pooled-buffer helpers shared by the body and stream readers.</summary>
internal static class StreamBuffers
{
    public static SearchValues<byte> WhiteSpace { get; } = SearchValues.Create(" \t\r\n"u8);

    /// <summary>Rents a buffer twice as large (at least 16 KiB), copies the first <paramref name="length"/> bytes, returns the old one.</summary>
    public static byte[] Grow(byte[] buffer, int length)
    {
        if (length >= Array.MaxLength)
        {
            throw new InvalidOperationException($"A JSON value larger than {Array.MaxLength} bytes, the most one array can hold, cannot be read.");
        }

        var larger = BufferPool.Rent((int)Math.Clamp(length * 2L, 16 * 1024, Array.MaxLength));
        buffer.AsSpan(0, length).CopyTo(larger);
        BufferPool.Return(buffer);
        return larger;
    }
}
