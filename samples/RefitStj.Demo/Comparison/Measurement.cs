namespace RefitStj.Demo.Comparison;

/// <summary>Calls made in measured runs, how long they took, and the bytes the whole process allocated meanwhile.</summary>
internal readonly record struct Measurement(long Calls, TimeSpan Elapsed, long AllocatedBytes)
{
    public double CallsPerSecond => Calls / Elapsed.TotalSeconds;

    public double BytesPerCall => (double)AllocatedBytes / Calls;

    /// <summary>Two runs of the same call taken together.</summary>
    public Measurement Add(Measurement other) =>
        new(Calls + other.Calls, Elapsed + other.Elapsed, AllocatedBytes + other.AllocatedBytes);
}
