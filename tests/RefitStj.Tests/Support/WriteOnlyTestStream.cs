namespace RefitStj.Tests.Support;

/// <summary>The shared shape of the tests' request-body sinks: writable only, keeping what was written.</summary>
internal abstract class WriteOnlyTestStream : Stream
{
    private readonly MemoryStream _written = new();

    public byte[] Written => _written.ToArray();

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public abstract override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default);

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Write(byte[] buffer, int offset, int count) => Keep(buffer.AsSpan(offset, count));

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    /// <summary>Appends <paramref name="bytes"/> to <see cref="Written"/>.</summary>
    protected void Keep(ReadOnlySpan<byte> bytes) => _written.Write(bytes);
}
