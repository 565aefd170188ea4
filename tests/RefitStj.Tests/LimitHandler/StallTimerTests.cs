using Microsoft.Extensions.Time.Testing;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>
/// The stall limit's timer on a fake clock: a read that waits the limit fires it, once, and not a millisecond before;
/// each restart gives a read that goes on the whole limit again; a stopped timer never fires, however long nothing reads;
/// the token a read waits with follows the caller's, and disposal leaves neither a timer nor a hold on the caller's token.
/// </summary>
public sealed class StallTimerTests
{
    private static readonly TimeSpan s_limit = TimeSpan.FromSeconds(30);

    private static readonly TimeSpan s_millisecond = TimeSpan.FromMilliseconds(1);

    [Fact]
    public void A_Read_That_Waits_The_Limit_Fires_It_Once_And_Not_A_Millisecond_Before()
    {
        var clock = new FakeTimeProvider();
        var fired = 0;
        using var timer = new StallTimer(s_limit, clock, () => fired++);

        var token = timer.Arm(CancellationToken.None);
        clock.Advance(s_limit - s_millisecond);
        Assert.Equal((0, false, false), (fired, timer.Fired, token.IsCancellationRequested));

        clock.Advance(s_millisecond);
        Assert.Equal((1, true, true), (fired, timer.Fired, token.IsCancellationRequested));

        timer.Arm(CancellationToken.None);
        clock.Advance(10 * s_limit);
        Assert.Equal(1, fired);
    }

    [Fact]
    public void A_Restart_Gives_A_Read_That_Goes_On_The_Whole_Limit_Again()
    {
        var clock = new FakeTimeProvider();
        using var timer = new StallTimer(s_limit, clock, () => { });

        timer.Arm(CancellationToken.None);
        for (var i = 0; i < 10; i++)
        {
            // A copy that writes once a limit, a millisecond short of it: ten limits in all.
            clock.Advance(s_limit - s_millisecond);
            Assert.False(timer.Fired, $"a copy that went on was cut after {i + 1} writes");
            timer.Rearm();
        }

        clock.Advance(s_limit - s_millisecond);
        Assert.False(timer.Fired);
        clock.Advance(s_millisecond);
        Assert.True(timer.Fired, "a copy that stopped was not cut at the limit after its last write");
    }

    [Fact]
    public void A_Stopped_Timer_Never_Fires_And_The_Next_Read_Has_The_Whole_Limit()
    {
        var clock = new FakeTimeProvider();
        using var timer = new StallTimer(s_limit, clock, () => { });

        timer.Arm(CancellationToken.None);
        clock.Advance(s_limit - s_millisecond);
        timer.Disarm();
        clock.Advance(100 * s_limit);
        Assert.False(timer.Fired, "time with no read waiting counted against the limit");

        timer.Arm(CancellationToken.None);
        clock.Advance(s_limit - s_millisecond);
        Assert.False(timer.Fired);
        clock.Advance(s_millisecond);
        Assert.True(timer.Fired);
    }

    [Fact]
    public void The_Callers_Cancellation_Ends_The_Read_But_Is_Not_A_Stall()
    {
        var clock = new FakeTimeProvider();
        using var timer = new StallTimer(s_limit, clock, () => { });
        using var caller = new CancellationTokenSource();

        var token = timer.Arm(caller.Token);
        caller.Cancel();

        Assert.Equal((true, false), (token.IsCancellationRequested, timer.Fired));
        timer.Disarm();
        clock.Advance(10 * s_limit);
        Assert.False(timer.Fired);
    }

    [Fact]
    public void A_Read_Waits_With_The_Token_Of_Its_Own_Caller_Linked_Once_Per_Caller()
    {
        using var timer = new StallTimer(s_limit, new FakeTimeProvider(), () => { });
        using var first = new CancellationTokenSource();
        using var second = new CancellationTokenSource();

        var token = timer.Arm(first.Token);
        Assert.Equal(token, timer.Arm(first.Token));
        var next = timer.Arm(second.Token);
        Assert.NotEqual(token, next);

        second.Cancel();
        Assert.True(next.IsCancellationRequested, "a read of a second caller did not end with that caller's cancellation");
        Assert.False(timer.Fired);
    }

    [Fact]
    public void Disposing_Leaves_No_Timer_And_No_Hold_On_The_Callers_Token()
    {
        var clock = new WatchedClock();
        var timer = new StallTimer(s_limit, clock, () => { });
        using var caller = new CancellationTokenSource();
        var token = timer.Arm(caller.Token);
        Assert.Equal(1, clock.LiveTimers);

        timer.Dispose();
        caller.Cancel();

        Assert.Equal(0, clock.LiveTimers);
        Assert.False(token.IsCancellationRequested, "the linked source still listened to the caller's token after disposal");
    }
}
