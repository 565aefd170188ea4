using RefitStj.IO;

namespace RefitStj.Limits;

/// <summary>A read-only view of a body stream that fails once more than <c>limit</c> bytes have come through it.</summary>
internal sealed class BodySizeLimitStream(Stream inner, long limit) : ObservedReadStream(inner)
{
    private long _read;

    protected override int Room(int length) => StreamBuffers.Room(length, limit, _read);

    protected override void Observe(ReadOnlySpan<byte> read, int asked)
    {
        _read += read.Length;
        if (_read > limit)
        {
            throw ResponseTooLargeException.Counted(limit, _read);
        }
    }
}
