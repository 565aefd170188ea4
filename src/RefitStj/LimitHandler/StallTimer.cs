namespace RefitStj.LimitHandler;

/// <summary>
/// One response's stall limit: armed while a read of its body waits, reset by every read, and fired when a read waits
/// longer than the limit. One timer for the whole response (<see cref="CancellationTokenSource.CancelAfter(TimeSpan)"/>
/// reschedules it), and one token linked with the caller's, made again only when the caller's token changes.
/// </summary>
internal sealed class StallTimer : IDisposable
{
    private readonly TimeSpan _limit;
    private readonly CancellationTokenSource _stall;
    private CancellationTokenSource? _linked;
    private CancellationToken _linkedTo;

    /// <param name="limit">The longest a read may wait.</param>
    /// <param name="timeProvider">The clock whose timers time the reads.</param>
    /// <param name="fired">Called once, on a timer thread, when a read waited too long.</param>
    public StallTimer(TimeSpan limit, TimeProvider timeProvider, Action fired)
    {
        _limit = limit;
        // Not armed yet: CancelAfter schedules it from the first read on.
        _stall = new(Timeout.InfiniteTimeSpan, timeProvider);
        _stall.Token.UnsafeRegister(static state => ((Action)state!)(), fired);
    }

    /// <summary>The limit.</summary>
    public TimeSpan Limit => _limit;

    /// <summary>Whether a read waited past the limit.</summary>
    public bool Fired => _stall.IsCancellationRequested;

    /// <summary>Starts timing a read; returns the token to read with, cancelled by the caller or by the stall.</summary>
    public CancellationToken Arm(CancellationToken caller)
    {
        Reschedule(_limit);
        if (!caller.CanBeCanceled)
        {
            return _stall.Token;
        }

        if (_linked is null || _linkedTo != caller)
        {
            _linked?.Dispose();
            _linked = CancellationTokenSource.CreateLinkedTokenSource(caller, _stall.Token);
            _linkedTo = caller;
        }

        return _linked.Token;
    }

    /// <summary>Restarts the time of a read still under way (bytes came, and more are awaited).</summary>
    public void Rearm() => Reschedule(_limit);

    /// <summary>Stops timing: no read waits now (bytes came, or the reader is busy with them).</summary>
    public void Disarm() => Reschedule(Timeout.InfiniteTimeSpan);

    public void Dispose()
    {
        _linked?.Dispose();
        _stall.Dispose();
    }

    private void Reschedule(TimeSpan delay)
    {
        try
        {
            if (!_stall.IsCancellationRequested)
            {
                _stall.CancelAfter(delay);
            }
        }
        catch (ObjectDisposedException)
        {
            // The response was disposed under a read: that read fails on its own.
        }
    }
}
