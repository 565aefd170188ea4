using System.Reflection;
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace RefitStj.BodyMemory;

/// <summary>The lines every figure is quoted with (date, runtime, machine, load), and Markdown tables.</summary>
internal static class Report
{
    public static void Header(string mode)
    {
        var code = RuntimeFeature.IsDynamicCodeSupported ? "JIT" : "Native AOT";
        var gc = (GCSettings.IsServerGC ? "server" : "workstation") + (GCSettings.LatencyMode == GCLatencyMode.Interactive ? " concurrent" : "") + " GC";
        Console.WriteLine($"RefitStj.BodyMemory {mode}, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC");
        Console.WriteLine($"{RuntimeInformation.FrameworkDescription} ({code}, {gc}), Refit {RefitVersion()}");
        var load = File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "unknown";
        Console.WriteLine($"{RuntimeInformation.OSDescription}, {Cpu()}, {Environment.ProcessorCount} logical cores, load average {load}\n");
    }

    public static void Table(string[] headers, List<string[]> rows)
    {
        Console.WriteLine("| " + string.Join(" | ", headers) + " |");
        Console.WriteLine("|" + string.Concat(headers.Select((_, i) => i == 0 ? "---|" : "---:|")));
        foreach (var row in rows)
        {
            Console.WriteLine("| " + string.Join(" | ", row) + " |");
        }

        Console.WriteLine();
    }

    public static string Bytes(long bytes) => bytes < 10 * 1024 ? $"{bytes:N0} B" : $"{bytes / (1024.0 * 1024):N2} MiB";

    private static string RefitVersion() =>
        typeof(Refit.RestService).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "unknown";

    private static string Cpu()
    {
        var line = File.Exists("/proc/cpuinfo") ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal)) : null;
        return line is null ? RuntimeInformation.ProcessArchitecture.ToString() : line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
    }
}
