using RefitStj.IO;

namespace RefitStj.Writing;

/// <summary>
/// The read-only, seekable stream a <see cref="PooledJsonContent"/> hands out (HttpContent caches it, MultipartContent
/// needs its length and seeks it). It holds no reference to the content's memory between reads: each read copies out of
/// it under a reference of its own, so the memory can go back to the pool while the stream sits unread or undisposed.
/// A read after that memory went back serializes the body again into rented memory of the stream's own, given back when
/// the stream is disposed (HttpContent disposes the stream it handed out when it is disposed itself).
/// </summary>
internal sealed class PooledJsonContentStream(PooledJsonContent content) : Stream
{
    private PooledBytes _copy;
    private long _position;
    private bool _disposed;

    public override bool CanRead => !_disposed;

    public override bool CanSeek => !_disposed;

    public override bool CanWrite => false;

    public override long Length
    {
        get
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            return content.Length;
        }
    }

    public override long Position
    {
        get
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            return _position;
        }

        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            ObjectDisposedException.ThrowIf(_disposed, this);
            _position = value;
        }
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        return Read(buffer.AsSpan(offset, count));
    }

    public override int Read(Span<byte> buffer)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        var count = (int)Math.Clamp(content.Length - _position, 0, buffer.Length);
        if (count > 0)
        {
            content.CopyBody(_position, buffer[..count], ref _copy);
            _position += count;
        }

        return count;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        ValidateBufferArguments(buffer, offset, count);
        return ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }

    // The bytes are in memory: a read never waits.
    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return ValueTask.FromCanceled<int>(cancellationToken);
        }

        try
        {
            return ValueTask.FromResult(Read(buffer.Span));
        }
#pragma warning disable CA1031 // Not handled: moved into the task, where an async read would have put it.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return ValueTask.FromException<int>(ex);
        }
    }

    public override long Seek(long offset, SeekOrigin origin)
    {
        Position = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => Position + offset,
            SeekOrigin.End => Length + offset,
            _ => throw new ArgumentOutOfRangeException(nameof(origin)),
        };
        return _position;
    }

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (!_disposed)
        {
            _disposed = true;
            _copy.Return();
            _copy = default;
        }

        base.Dispose(disposing);
    }
}
