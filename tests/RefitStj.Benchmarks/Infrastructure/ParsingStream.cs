namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// A write-only stream that parses the one write an in-memory content makes into it, in place: the least a reader going
/// through <see cref="HttpContent.CopyToAsync(Stream)"/> could cost, with no copy (a real reader would also have to
/// gather bodies that arrive in several writes).
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public sealed class ParsingStream<T>(FloorSerializer<T> floor) : Stream
{
    /// <summary>What the last write parsed to.</summary>
    public T? Result { get; private set; }

    /// <summary>Forgets the last result, so a reused stream cannot report a parse that did not happen this time.</summary>
    public void Reset() => Result = default;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer) => Result = floor.Read(buffer);

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Write(buffer.AsSpan(offset, count));
        return Task.CompletedTask;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
