using RefitStj.Benchmarks.Checks;

namespace RefitStj.Benchmarks.Tests;

/// <summary>Every benchmark method BenchmarkDotNet would run, run (twice) and checked: the suite cannot rot silently.</summary>
public class BenchmarkMethodTests
{
    public static TheoryData<string> Benchmarks() => [.. BenchmarkCases.All.Select(benchmark => benchmark.Name)];

    [Theory]
    [MemberData(nameof(Benchmarks))]
    public Task Benchmark_method_does_the_right_work(string name) =>
        BenchmarkCases.All.Single(benchmark => benchmark.Name == name).RunAsync();

    [Fact]
    public async Task Smoke_run_passes_and_reports_every_benchmark()
    {
        using var output = new StringWriter();

        var exitCode = await SmokeRun.RunAsync(output);

        Assert.True(exitCode == 0, output.ToString());
        Assert.Contains($"{BenchmarkCases.All.Count} of {BenchmarkCases.All.Count} benchmarks passed", output.ToString(), StringComparison.Ordinal);
    }
}
