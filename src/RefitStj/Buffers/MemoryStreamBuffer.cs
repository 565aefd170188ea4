namespace RefitStj.Buffers;

/// <summary>
/// Reaches the bytes of a <see cref="MemoryStream"/> even when it hides its array, as the streams HttpContent hands out
/// for a buffered or byte-array body do. <see cref="MemoryStream.CopyTo(Stream, int)"/> on the exact type passes its own
/// array to a single <see cref="Stream.Write(byte[], int, int)"/>; a stream that keeps that argument gets the body with
/// no copy. Anything else (a subclass, a span write, several writes) reports failure, and the caller copies instead.
/// </summary>
internal static class MemoryStreamBuffer
{
    [ThreadStatic]
    private static Capture? t_capture;

    /// <summary>The whole of <paramref name="memory"/> from its start, without copying; its position is left where it was.</summary>
    public static bool TryGet(MemoryStream memory, out ArraySegment<byte> bytes)
    {
        if (memory.GetType() != typeof(MemoryStream))
        {
            // A subclass's CopyTo goes through its own Read, into a temporary buffer.
            bytes = default;
            return false;
        }

        // Nothing runs between CopyTo and its one Write but MemoryStream's own code, so one capture per thread is enough.
        var capture = t_capture ??= new Capture();
        var position = memory.Position;
        try
        {
            memory.Position = 0;
            memory.CopyTo(capture);
            return capture.TryTake(out bytes);
        }
        finally
        {
            memory.Position = position;
            capture.Clear();
        }
    }

    /// <summary>Keeps the array of the one write it expects; any other write makes what it kept unusable.</summary>
    internal sealed class Capture : Stream
    {
        private byte[]? _array;
        private int _offset;
        private int _count;
        private bool _unusable;

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public bool TryTake(out ArraySegment<byte> bytes)
        {
            bytes = _array is null ? ArraySegment<byte>.Empty : new(_array, _offset, _count);
            return !_unusable;
        }

        public void Clear()
        {
            _array = null;
            _unusable = false;
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            // Only the first write can be the stream's own array; a second means the body came in pieces.
            _unusable |= _array is not null;
            (_array, _offset, _count) = (buffer, offset, count);
        }

        // Stream's default rents a temporary array for a span and passes that on: not an array worth keeping.
        public override void Write(ReadOnlySpan<byte> buffer) => _unusable = true;

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}
