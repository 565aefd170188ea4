namespace RefitStj.Benchmarks.Checks;

/// <summary>A benchmark class that can tell whether one call of a benchmark method did the right work.</summary>
public interface ICheckedBenchmark
{
    /// <summary>Throws if the call that just returned <paramref name="result"/> did not do the work its row claims to.</summary>
    void Check(object? result);
}
