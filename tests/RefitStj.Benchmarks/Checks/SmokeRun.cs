using System.Diagnostics;
using System.Globalization;
using RefitStj.Benchmarks.Data;

namespace RefitStj.Benchmarks.Checks;

/// <summary><c>--smoke</c>: every benchmark method once (twice), in process, checked; for CI. Returns the exit code.</summary>
public static class SmokeRun
{
    public static async Task<int> RunAsync(TextWriter output)
    {
        var stopwatch = Stopwatch.StartNew();
        output.WriteLine("Payload JSON sizes (Refit-compatible default options):");
        foreach (var type in Payloads.Types)
        {
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {BenchmarkCases.DisplayName(type),-26} {Payloads.JsonSize(type),9:N0} B"));
        }

        var failures = 0;
        foreach (var benchmark in BenchmarkCases.All)
        {
            try
            {
                await benchmark.RunAsync();
            }
            catch (BenchmarkCheckException ex)
            {
                failures++;
                output.WriteLine($"FAIL {benchmark.Name}: {ex.Message}");
            }
        }

        output.WriteLine(string.Create(
            CultureInfo.InvariantCulture,
            $"Smoke: {BenchmarkCases.All.Count - failures} of {BenchmarkCases.All.Count} benchmarks passed in {stopwatch.Elapsed.TotalSeconds:F1} s."));
        return failures == 0 && BenchmarkCases.All.Count > 0 ? 0 : 1;
    }
}
