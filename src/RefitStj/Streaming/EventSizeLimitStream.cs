namespace RefitStj.Streaming;

/// <summary>
/// A read-only view of a server-sent event stream that fails once one event (its lines as sent, up to the blank line
/// that ends it) passes <c>limit</c> bytes. The parser behind it buffers a whole event, so this bounds its memory.
/// </summary>
internal sealed class EventSizeLimitStream(Stream inner, long limit) : Stream
{
    private long _eventSize;
    private bool _atLineStart = true;
    private bool _afterCarriageReturn;

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
        return Count(buffer[..inner.Read(buffer)]);
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        buffer = buffer[..Room(buffer.Length)];
        var read = await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        return Count(buffer.Span[..read]);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private int Room(int length) => StreamBuffers.Room(length, limit, _eventSize);

    // Lines end with CR, LF or CRLF; an empty line ends the event.
    private int Count(ReadOnlySpan<byte> data)
    {
        var read = data.Length;
        while (!data.IsEmpty)
        {
            var end = data.IndexOfAny((byte)'\r', (byte)'\n');
            if (end < 0)
            {
                Add(data.Length);
                (_atLineStart, _afterCarriageReturn) = (false, false);
                break;
            }

            Add(end + 1);
            var isLineFeedOfCrLf = end == 0 && data[0] == '\n' && _afterCarriageReturn;
            if (!isLineFeedOfCrLf)
            {
                if (end == 0 && _atLineStart)
                {
                    _eventSize = 0;
                }

                _atLineStart = true;
            }

            _afterCarriageReturn = data[end] == '\r';
            data = data[(end + 1)..];
        }

        return read;
    }

    private void Add(int bytes)
    {
        _eventSize += bytes;
        if (_eventSize > limit)
        {
            throw ResponseTooLargeException.ItemTooLarge(limit, _eventSize, "An event of the server-sent event stream");
        }
    }
}
