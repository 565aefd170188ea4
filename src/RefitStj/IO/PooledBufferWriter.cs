using System.Buffers;

namespace RefitStj.IO;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over arrays rented from <see cref="WriteBufferPool"/>. It starts in one array; when that
/// is full it goes on in a new segment (twice what it holds so far, at most <see cref="SegmentSize"/>) rather than
/// copying into a larger array, so a body of any size is held in pooled arrays and no byte is copied twice.
/// The bytes leave through <see cref="Detach"/> (the caller now owns them) or go back through <see cref="Abandon"/>.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>
{
    /// <summary>The smallest buffer a body starts in.</summary>
    public const int MinimumSize = 256;

    /// <summary>The largest segment rented for a body, unless one value alone needs more room: the largest pooled array.</summary>
    public const int SegmentSize = BufferPool.MaxPooledLength;

    // The segments already filled; kept with the writer (which is cached per thread), so a write allocates only the exact
    // array of segments it hands over.
    private readonly List<ArraySegment<byte>> _filled = [];
    private long _filledLength;
    private byte[] _buffer = [];
    private int _written;
    private long _wanted;

    /// <summary>Whether the body went on into a second segment (or outgrew its first, empty one) since <see cref="Start"/>.</summary>
    public bool Grew { get; private set; }

    /// <summary>
    /// The most room one buffer would have needed to hold the body (what was written when it went on into a new segment,
    /// plus the room asked for then), or 0 if it never did: the size to start the next body of the kind in.
    /// </summary>
    public long Wanted => Grew ? Math.Max(_wanted, _filledLength + _written) : 0;

    public void Start(int sizeHint)
    {
        Abandon();
        _buffer = WriteBufferPool.Rent(Math.Clamp(sizeHint, MinimumSize, SegmentSize));
    }

    public PooledBytes Detach()
    {
        PooledBytes bytes;
        if (_filled.Count == 0)
        {
            bytes = _buffer.Length == 0 ? default : new PooledBytes(_buffer, _written);
        }
        else
        {
            // A last segment rented but not yet written to goes back rather than into the chain as an empty write.
            if (_written > 0)
            {
                _filled.Add(new ArraySegment<byte>(_buffer, 0, _written));
            }
            else
            {
                WriteBufferPool.Return(_buffer);
            }

            bytes = new PooledBytes([.. _filled], _filledLength + _written);
        }

        _filled.Clear();
        _filledLength = 0;
        _buffer = [];
        _written = 0;
        _wanted = 0;
        Grew = false;
        return bytes;
    }

    public void Abandon() => Detach().Return();

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

        if (needed > Array.MaxLength)
        {
            throw new InvalidOperationException($"A JSON value cannot need more than {Array.MaxLength} bytes, the most one array can hold.");
        }

        if (_buffer.Length == 0)
        {
            // Never started: the first buffer, as Start would rent it for this request.
            _buffer = WriteBufferPool.Rent(Math.Max(needed, MinimumSize * 2));
            return;
        }

        // What the segments so far hold, again, so the count of segments grows with the log of the body up to the segment size.
        var size = Math.Max(Math.Min(_filledLength + _buffer.Length, SegmentSize), needed);
        var next = WriteBufferPool.Rent((int)size);
        if (next.Length < needed)
        {
            WriteBufferPool.Return(next);
            throw new InvalidOperationException($"A JSON value cannot need more than {Array.MaxLength} bytes, the most one array can hold.");
        }

        _wanted = Math.Max(_wanted, _filledLength + _written + needed);
        Grew = true;
        if (_written > 0)
        {
            _filled.Add(new ArraySegment<byte>(_buffer, 0, _written));
            _filledLength += _written;
        }
        else
        {
            WriteBufferPool.Return(_buffer);
        }

        _buffer = next;
        _written = 0;
    }
}
