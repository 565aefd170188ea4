namespace RefitStj.Tests.Support;

/// <summary>Hands out <c>chunk</c> bytes per read and cancels the token during its n-th read, then honours it as a socket would.</summary>
internal sealed class CancelAfterReadsStream(byte[] data, int chunk, CancellationTokenSource cts, int cancelAt) : ReadOnlyTestStream
{
    private int _position;

    public int Reads { get; private set; }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        if (++Reads == cancelAt)
        {
            await cts.CancelAsync();
        }

        var count = Math.Min(Math.Min(chunk, buffer.Length), data.Length - _position);
        data.AsSpan(_position, count).CopyTo(buffer.Span);
        _position += count;
        return count;
    }
}
