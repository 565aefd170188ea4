using System.Buffers;

namespace RefitStj.IO;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over one array rented from <see cref="BufferPool"/>, grown by doubling.
/// The array leaves through <see cref="Detach"/> (the caller now owns it) or goes back through <see cref="Abandon"/>.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>
{
    /// <summary>The smallest buffer a body starts in.</summary>
    public const int MinimumSize = 256;

    private byte[] _buffer = [];
    private int _written;

    /// <summary>Whether the buffer was replaced by a larger one since <see cref="Start"/>.</summary>
    public bool Grew { get; private set; }

    public void Start(int sizeHint)
    {
        Abandon();
        Grew = false;
        _buffer = BufferPool.Rent(Math.Max(sizeHint, MinimumSize));
    }

    public byte[] Detach(out int length)
    {
        var buffer = _buffer;
        length = _written;
        _buffer = [];
        _written = 0;
        return buffer;
    }

    public void Abandon()
    {
        var buffer = Detach(out _);
        if (buffer.Length > 0)
        {
            BufferPool.Return(buffer);
        }
    }

    public void Advance(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _buffer.Length - _written);
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    private void Ensure(int sizeHint)
    {
        var needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }

        var size = Math.Max(Math.Max(_buffer.Length, MinimumSize) * 2L, (long)_written + needed);
        var larger = BufferPool.Rent((int)Math.Min(size, Array.MaxLength));
        if (larger.Length - _written < needed)
        {
            BufferPool.Return(larger);
            throw new InvalidOperationException($"A JSON body cannot grow past {Array.MaxLength} bytes, the most one array can hold.");
        }

        _buffer.AsSpan(0, _written).CopyTo(larger);
        var old = _buffer;
        _buffer = larger;
        if (old.Length > 0)
        {
            BufferPool.Return(old);
            Grew = true;
        }
    }
}
