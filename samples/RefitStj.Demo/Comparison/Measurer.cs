using System.Diagnostics;

namespace RefitStj.Demo.Comparison;

/// <summary>Runs one call in a loop, one call at a time.</summary>
internal static class Measurer
{
    private static readonly TimeSpan s_reportEvery = TimeSpan.FromMilliseconds(100);

    /// <summary>Calls <paramref name="callAsync"/> for <paramref name="duration"/>, unmeasured (JIT, connection, caches).</summary>
    /// <returns><see langword="false"/> as soon as a call answers wrongly.</returns>
    public static async Task<bool> WarmUpAsync(Func<CancellationToken, Task<bool>> callAsync, TimeSpan duration, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        do
        {
            if (!await callAsync(cancellationToken))
            {
                return false;
            }
        }
        while (clock.Elapsed < duration);

        return true;
    }

    /// <summary>Calls <paramref name="callAsync"/> for <paramref name="duration"/>, counting calls and allocated bytes.</summary>
    /// <param name="callAsync">One call; <see langword="false"/> when its answer is wrong.</param>
    /// <param name="duration">How long to measure.</param>
    /// <param name="report">Receives the time measured so far, about ten times a second.</param>
    /// <param name="cancellationToken">Cancels the run.</param>
    /// <returns>The measurement, or <see langword="null"/> as soon as a call answers wrongly.</returns>
    public static async Task<Measurement?> MeasureAsync(
        Func<CancellationToken, Task<bool>> callAsync, TimeSpan duration, Action<TimeSpan> report, CancellationToken cancellationToken)
    {
        // Start from a collected heap, so one run's garbage does not become the next run's GC pause.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();

        // Process-wide and precise: the calls hop between thread-pool threads, so a per-thread counter would miss most of it.
        var allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
        var started = Stopwatch.GetTimestamp();
        var nextReport = s_reportEvery;
        long calls = 0;
        TimeSpan elapsed;
        do
        {
            if (!await callAsync(cancellationToken))
            {
                return null;
            }

            calls++;
            elapsed = Stopwatch.GetElapsedTime(started);
            if (elapsed >= nextReport)
            {
                report(elapsed);
                nextReport = elapsed + s_reportEvery;
            }
        }
        while (elapsed < duration);

        var allocated = GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore;
        return new Measurement(calls, elapsed, allocated);
    }
}
