namespace RefitStj.Tests.Support;

/// <summary>
/// A read-only, non-seekable stream that hands out at most <c>chunk</c> bytes per read, asynchronously: what a socket
/// looks like to a reader. Counts reads, and can throw after a number of bytes or refuse synchronous reads.
/// </summary>
internal sealed class TrickleStream(byte[] data, int chunk = 7, int failAfter = -1) : ReadOnlyTestStream
{
    private int _position;

    public int AsyncReads { get; private set; }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        AsyncReads++;
        if (failAfter >= 0 && _position >= failAfter)
        {
            throw new IOException("The connection was reset.");
        }

        var count = Math.Min(Math.Min(chunk, buffer.Length), data.Length - _position);
        data.AsSpan(_position, count).CopyTo(buffer.Span);
        _position += count;
        return count;
    }
}
