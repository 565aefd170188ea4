namespace RefitStj.Tests.Support;

/// <summary>
/// A write-only stream whose first write copies <c>firstPart</c> bytes of what it is given, then waits for the test to
/// <see cref="Open"/> it before copying the rest from the caller's memory, as an HTTP/2 handler does while it waits
/// for flow-control credit. Later writes go straight through.
/// </summary>
internal sealed class GatedWriteStream(int firstPart) : Stream
{
    private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly MemoryStream _written = new();
    private bool _gated;

    /// <summary>Completes once the first write has copied its first part and is waiting.</summary>
    public Task Entered => _entered.Task;

    public byte[] Written => _written.ToArray();

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public void Open() => _gate.TrySetResult();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (_gated)
        {
            _written.Write(buffer.Span);
            return;
        }

        _gated = true;
        var first = Math.Min(firstPart, buffer.Length);
        _written.Write(buffer.Span[..first]);
        _entered.TrySetResult();
        await _gate.Task.WaitAsync(TimeSpan.FromSeconds(10), cancellationToken);
        _written.Write(buffer.Span[first..]);
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("Only asynchronous writes can wait.");

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}
