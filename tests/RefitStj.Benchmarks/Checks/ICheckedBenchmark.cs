namespace RefitStj.Benchmarks.Checks;

/// <summary>
/// A benchmark class that can tell whether one invocation of its methods did the right work. The smoke run and the
/// test project call every benchmark method once (twice, in fact) and then <see cref="Check"/>, so the suite cannot
/// silently measure a broken path.
/// </summary>
public interface ICheckedBenchmark
{
    /// <summary>Called once after [GlobalSetup] when checking, never in a measured run: turns on any capture a check needs.</summary>
    void PrepareCheck()
    {
    }

    /// <summary>Throws <see cref="BenchmarkCheckException"/> if the last call of <paramref name="method"/>, which returned <paramref name="result"/>, was wrong.</summary>
    void Check(string method, object? result);
}

public sealed class BenchmarkCheckException : Exception
{
    public BenchmarkCheckException()
    {
    }

    public BenchmarkCheckException(string message)
        : base(message)
    {
    }

    public BenchmarkCheckException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}
