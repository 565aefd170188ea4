using Microsoft.Extensions.Time.Testing;

namespace RefitStj.Tests.Support;

/// <summary>
/// A <see cref="FakeTimeProvider"/> whose timers a test can watch: each arming (a due time set, as the stall timer's is
/// when a read starts to wait) is counted and can be awaited, and a timer that fired says so at once, since
/// <see cref="FakeTimeProvider.Advance(TimeSpan)"/> runs the callbacks it makes due before it returns. So a test advances
/// the clock only once a read is known to wait, and knows as soon as the advance returns whether it fired the timer.
/// </summary>
internal sealed class WatchedClock : FakeTimeProvider
{
    // One gate for the count and every timer's change: an arming counted after a look at Arms took its due time after it too.
    private readonly object _gate = new();
    private TaskCompletionSource _changed = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _arms;
    private int _timersArmed;
    private int _fired;
    private int _live;

    /// <summary>How many times a timer of this clock was given a due time so far.</summary>
    public int Arms
    {
        get
        {
            lock (_gate)
            {
                return _arms;
            }
        }
    }

    /// <summary>How many timers of this clock are made and not disposed.</summary>
    public int LiveTimers => Volatile.Read(ref _live);

    /// <summary>Whether any timer of this clock has fired.</summary>
    public bool Fired => Volatile.Read(ref _fired) != 0;

    /// <summary>Waits until a timer of this clock is armed, by whichever arming. No timeout of its own, as below.</summary>
    public Task ArmedAsync() => ArmedAfterAsync(-1);

    /// <summary>
    /// Waits until a timer armed after the first <paramref name="arms"/> armings (a count from <see cref="Arms"/>) is
    /// armed still; returns the count then. No timeout of its own: a wait that never ends is the test's timeout.
    /// </summary>
    public async Task<int> ArmedAfterAsync(int arms)
    {
        while (true)
        {
            Task changed;
            lock (_gate)
            {
                if (_arms > arms && _timersArmed > 0)
                {
                    return _arms;
                }

                changed = _changed.Task;
            }

            await changed;
        }
    }

    /// <summary>
    /// Advances by <paramref name="step"/> each time a timer is armed afresh, until one fires: for a read that stalls
    /// after bytes that may still be on their way (a read that takes them arms the timer again). A timer that stayed
    /// armed through a whole step, with no arming since, should have fired in it: that fails at once.
    /// </summary>
    public async Task AdvanceUntilFiredAsync(TimeSpan step)
    {
        var arms = 0;
        while (!Fired)
        {
            arms = await ArmedAfterAsync(arms);
            Advance(step);
            lock (_gate)
            {
                Assert.False(!Fired && _arms == arms && _timersArmed > 0, $"a timer armed for all of {step} did not fire in it");
            }
        }
    }

    public override ITimer CreateTimer(TimerCallback callback, object? state, TimeSpan dueTime, TimeSpan period)
    {
        var timer = new Watched(this);
        Interlocked.Increment(ref _live);
        timer.Inner = base.CreateTimer(
            s =>
            {
                // Before the callback: whoever advanced the clock sees it fired as soon as the advance returns.
                Volatile.Write(ref _fired, 1);
                timer.Ran();
                callback(s);
            },
            state,
            Timeout.InfiniteTimeSpan,
            Timeout.InfiniteTimeSpan);
        timer.Change(dueTime, period);
        return timer;
    }

    // Under _gate.
    private void Set(ref bool armed, bool value)
    {
        _arms += value ? 1 : 0;
        _timersArmed += (value ? 1 : 0) - (armed ? 1 : 0);
        armed = value;
        var changed = _changed;
        _changed = new(TaskCreationOptions.RunContinuationsAsynchronously);
        changed.SetResult();
    }

    private sealed class Watched(WatchedClock clock) : ITimer
    {
        private bool _armed;
        private bool _disposed;

        public ITimer Inner { get; set; } = null!;

        public bool Change(TimeSpan dueTime, TimeSpan period)
        {
            lock (clock._gate)
            {
                var changed = Inner.Change(dueTime, period);
                clock.Set(ref _armed, dueTime != Timeout.InfiniteTimeSpan);
                return changed;
            }
        }

        public void Ran()
        {
            lock (clock._gate)
            {
                clock.Set(ref _armed, false);
            }
        }

        public void Dispose()
        {
            lock (clock._gate)
            {
                if (!_disposed)
                {
                    _disposed = true;
                    Interlocked.Decrement(ref clock._live);
                }

                Inner.Dispose();
                clock.Set(ref _armed, false);
            }
        }

        public ValueTask DisposeAsync()
        {
            Dispose();
            return ValueTask.CompletedTask;
        }
    }
}
