using RefitStj.Demo.Output;
using static System.FormattableString;

namespace RefitStj.Demo.Comparison;

/// <summary>Prints the measured rows side by side.</summary>
internal static class ComparisonTable
{
    public static void Write(DemoConsole console, IReadOnlyList<ComparisonRow> rows)
    {
        var width = Math.Max("scenario".Length, rows.Max(row => row.Scenario.Length));
        var indent = new string(' ', width + 2);
        console.WriteLine($"{indent}   calls per second            bytes allocated per call");
        console.WriteLine($"  {"scenario".PadRight(width)}  RefitStj  built-in  ratio   RefitStj  built-in  ratio");
        foreach (var row in rows)
        {
            console.WriteLine(Invariant(
                $"  {row.Scenario.PadRight(width)} {row.RefitStj.CallsPerSecond,9:N0} {row.BuiltIn.CallsPerSecond,9:N0} {row.SpeedRatio,5:F2}x {row.RefitStj.BytesPerCall,10:N0} {row.BuiltIn.BytesPerCall,9:N0} {row.AllocationRatio,5:F2}x"));
        }

        console.WriteLine("  ratio = RefitStj / built-in: above 1x is more calls per second; below 1x is fewer bytes per call.");
    }
}
