using RefitStj.IO;

namespace RefitStj.Limits;

/// <summary>
/// A read-only view of a server-sent event stream that fails once one event (its lines as sent, up to the blank line
/// that ends it) passes <c>limit</c> bytes. The parser behind it buffers a whole event, so this bounds its memory.
/// </summary>
internal sealed class EventSizeLimitStream(Stream inner, long limit) : ObservedReadStream(inner)
{
    private long _eventSize;
    private bool _atLineStart = true;
    private bool _afterCarriageReturn;

    protected override int Room(int length) => StreamBuffers.Room(length, limit, _eventSize);

    // Lines end with CR, LF or CRLF; an empty line ends the event.
    protected override void Observe(ReadOnlySpan<byte> read, int asked)
    {
        var data = read;
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
