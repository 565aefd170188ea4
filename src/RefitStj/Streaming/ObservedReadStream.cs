namespace RefitStj.Streaming;

/// <summary>
/// A read-only view of a body stream that shows every chunk read through it to <see cref="Observe"/>, which may end
/// the read by throwing, and that may hand the inner stream less room than it was given (<see cref="Room"/>).
/// </summary>
internal abstract class ObservedReadStream(Stream inner) : Stream
{
    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        buffer = buffer[..Room(buffer.Length)];
        var read = inner.Read(buffer);
        Observe(buffer[..read]);
        return read;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        buffer = buffer[..Room(buffer.Length)];
        var read = await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        Observe(buffer.Span[..read]);
        return read;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <summary>How much of <paramref name="length"/> bytes of room the next read may fill.</summary>
    protected virtual int Room(int length) => length;

    /// <summary>Sees the bytes one read brought, before the reader does.</summary>
    protected abstract void Observe(ReadOnlySpan<byte> read);
}
