namespace RefitStj.Tests.Support;

/// <summary>
/// A write-only stream whose first write copies <c>firstPart</c> bytes of what it is given, then waits for the test to
/// <see cref="Open"/> it before copying the rest from the caller's memory, as an HTTP/2 handler does while it waits
/// for flow-control credit. Later writes go straight through.
/// </summary>
internal sealed class GatedWriteStream(int firstPart) : WriteOnlyTestStream
{
    private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private bool _gated;

    /// <summary>Completes once the first write has copied its first part and is waiting.</summary>
    public Task Entered => _entered.Task;

    public void Open() => _gate.TrySetResult();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (_gated)
        {
            Keep(buffer.Span);
            return;
        }

        _gated = true;
        var first = Math.Min(firstPart, buffer.Length);
        Keep(buffer.Span[..first]);
        _entered.TrySetResult();
        await _gate.Task.WaitAsync(TimeSpan.FromSeconds(10), cancellationToken);
        Keep(buffer.Span[first..]);
    }
}
