namespace RefitStj.Buffers;

/// <summary>
/// A write-only stream that gathers what <see cref="HttpContent.CopyToAsync(Stream, CancellationToken)"/> writes into one
/// pooled array. A buffered content writes its whole body in one synchronous call, with no stream or task to allocate;
/// a content still on the wire writes it chunk by chunk. Every write is copied before it returns: the memory a content
/// lends to a write may be a connection's or a copier's pooled buffer, reused as soon as the write is done.
/// </summary>
internal sealed class BodyCollector : Stream
{
    // The first array of a body that arrives in pieces; larger pieces double from here.
    private const int MinGrowthSize = 16 * 1024;

    [ThreadStatic]
    private static BodyCollector? t_cached;

    private byte[]? _buffer;
    private int _length;
    private long _limit;

    /// <summary>The bytes written so far.</summary>
    public ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _length);

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <summary>
    /// A collector for one body, this thread's spare one when it is free. Dispose it once nothing writes to it any more:
    /// that gives its array back to the pool and makes it the spare of the thread that disposes it.
    /// </summary>
    /// <param name="limit">The most bytes accepted; a write past it throws <see cref="ResponseTooLargeException"/>.</param>
    public static BodyCollector Rent(long limit)
    {
        // Taken out of the slot while in use: a content may read another body on this thread before it writes to us.
        var collector = t_cached ?? new BodyCollector();
        t_cached = null;
        collector._limit = limit;
        return collector;
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        var total = _length + (long)buffer.Length;
        if (total > _limit)
        {
            throw ResponseTooLargeException.Counted(_limit, total);
        }

        if (_buffer is null || total > _buffer.Length)
        {
            Grow(total);
        }

        buffer.CopyTo(_buffer.AsSpan(_length));
        _length = (int)total;
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Write(buffer.AsSpan(offset, count));
        return Task.CompletedTask;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return default;
    }

    public override void Flush()
    {
    }

    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (_buffer is { } buffer)
        {
            _buffer = null;
            BufferPool.Return(buffer);
        }

        _length = 0;
        t_cached = this;
        base.Dispose(disposing);
    }

    /// <summary>The array size for <paramref name="needed"/> bytes: just that for a body's first write, else at least double.</summary>
    /// <param name="current">The length of the array in use, or <see langword="null"/> before the first write.</param>
    /// <param name="needed">The bytes the array must hold.</param>
    /// <exception cref="InvalidOperationException"><paramref name="needed"/> is more than one array can hold.</exception>
    internal static int NextSize(int? current, long needed)
    {
        if (needed > Array.MaxLength)
        {
            throw new InvalidOperationException($"A response body larger than {Array.MaxLength} bytes, the most one array can hold, cannot be read.");
        }

        // The first write of a buffered body is the whole body: rent just that. A body in pieces doubles its array.
        return (int)(current is { } length ? Math.Max(needed, Math.Min(Math.Max(length * 2L, MinGrowthSize), Array.MaxLength)) : needed);
    }

    private void Grow(long needed)
    {
        var larger = BufferPool.Rent(NextSize(_buffer?.Length, needed));
        if (_buffer is { } old)
        {
            old.AsSpan(0, _length).CopyTo(larger);
            _buffer = null;
            BufferPool.Return(old);
        }

        _buffer = larger;
    }
}
