using System.Diagnostics;
using System.Globalization;

namespace RefitStj.BodyMemory;

/// <summary>
/// Concurrent POSTs of one large list through a Refit client to Kestrel on 127.0.0.1, side by side for Refit's serializer
/// and RefitStj (both over the same source-generated context), in every body mode, over HTTP/1.1 (one connection per POST
/// in flight) and h2c (one connection): each case in a client process of its own (<see cref="ClientRun"/>), the server in
/// this one. Then one POST at a time from 100 KB to 64 MB. The server compares every body with the bytes it must be.
/// </summary>
internal static class ConcurrentMode
{
    private static readonly string[] s_modes = ["default", "buffered", "sync", "streamed"];

    private static readonly Dictionary<string, string> s_modeNames = new()
    {
        ["default"] = "default (`Buffered = false`)",
        ["buffered"] = "`[Body(buffered: true)]`",
        ["sync"] = "`RequestBodySerializationMode.Buffered`",
        ["streamed"] = "`RequestBodySerializationMode.Streamed`",
    };

    public static async Task<int> RunAsync(bool smoke, string[] options)
    {
        Report.Header(smoke ? "concurrent --smoke" : "concurrent");
        var concurrencies = Option(options, "--concurrency", smoke ? [2L] : [1L, 16L, 64L]).Select(v => (int)v).ToArray();
        var sizes = Option(options, "--sizes", smoke ? [] : [100_000L, 1_000_000L, 10_000_000L, 64_000_000L]);
        var protocols = options.Contains("--h1-only") ? ["h1"] : new[] { "h1", "h2c" };
        long size = smoke ? 256 * 1024 : 10_000_000;
        Console.WriteLine($"{(smoke ? 1 : ClientRun.Rounds)} rounds of concurrent POSTs of a {Body.Create(size).Size} list per case, each case in a client process of its own");
        Console.WriteLine("(heap and working set: peak over the level before any request; retained: heap after 3 idle seconds with full collections, over that level)\n");

        await using var server = await Server.StartAsync().ConfigureAwait(false);
        server.Expect(size);
        var failures = 0;
        var rows = new List<string[]>();
        var at = Array.IndexOf(options, "--modes");
        var modes = at < 0 || at + 1 >= options.Length ? s_modes : options[at + 1].Split(',');
        foreach (var mode in modes)
        {
            foreach (var protocol in protocols)
            {
                foreach (var concurrency in concurrencies)
                {
                    var refit = await RunCaseAsync(server, "refit", mode, protocol, concurrency, size, smoke).ConfigureAwait(false);
                    var stj = await RunCaseAsync(server, "stj", mode, protocol, concurrency, size, smoke).ConfigureAwait(false);
                    failures += refit.Failures + stj.Failures;
                    rows.Add([s_modeNames[mode], protocol == "h1" ? "HTTP/1.1" : "h2c", $"{concurrency}", Pair(refit.PeakHeap, stj.PeakHeap), Pair(refit.PeakSet, stj.PeakSet), Pair(refit.Retained, stj.Retained), $"{refit.Wire} / {stj.Wire}"]);
                }
            }
        }

        Report.Table(["Body mode", "Protocol", "In flight", "Peak heap, Refit / RefitStj", "Peak working set", "Retained after idle", "Wire"], rows);

        rows.Clear();
        foreach (var bytes in sizes)
        {
            server.Expect(bytes);
            foreach (var mode in modes)
            {
                var refit = await RunCaseAsync(server, "refit", mode, "h1", 1, bytes, smoke).ConfigureAwait(false);
                var stj = await RunCaseAsync(server, "stj", mode, "h1", 1, bytes, smoke).ConfigureAwait(false);
                failures += refit.Failures + stj.Failures;
                rows.Add([string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e6:0.#} MB"), s_modeNames[mode], Pair(refit.PeakHeap, stj.PeakHeap), Pair(refit.PeakSet, stj.PeakSet), Pair(refit.Retained, stj.Retained)]);
            }
        }

        if (rows.Count > 0)
        {
            Console.WriteLine("One POST at a time, HTTP/1.1:\n");
            Report.Table(["Body", "Body mode", "Peak heap, Refit / RefitStj", "Peak working set", "Retained after idle"], rows);
        }

        return failures;
    }

    private static string Pair(long refit, long stj) => $"{Report.Bytes(Math.Max(0, refit))} / {Report.Bytes(Math.Max(0, stj))}";

    private static long[] Option(string[] options, string name, long[] fallback)
    {
        var at = Array.IndexOf(options, name);
        if (at < 0 || at + 1 >= options.Length)
        {
            return fallback;
        }

        return options[at + 1] == "none" ? [] : options[at + 1].Split(',').Select(v => long.Parse(v, CultureInfo.InvariantCulture)).ToArray();
    }

    private static async Task<Result> RunCaseAsync(Server server, string serializer, string mode, string protocol, int concurrency, long size, bool smoke)
    {
        var address = protocol == "h1" ? server.Http1 : server.Http2;
        var start = new ProcessStartInfo(Environment.ProcessPath!)
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        foreach (var arg in new[] { "client", serializer, mode, protocol, $"{concurrency}", $"{size}", address, smoke ? "--smoke" : "--full" })
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var output = await process.StandardOutput.ReadToEndAsync().ConfigureAwait(false);
        await process.WaitForExitAsync().ConfigureAwait(false);
        var line = output.Split('\n').FirstOrDefault(l => l.StartsWith("RESULT ", StringComparison.Ordinal));
        if (line is null)
        {
            Console.Error.WriteLine($"FAILED: no result from {serializer}, {mode}, {protocol}, {concurrency} (exit code {process.ExitCode})");
            return new Result(0, 0, 0, 1, "?");
        }

        var parts = line.Split(' ');
        var values = parts[1..5].Select(v => long.Parse(v, CultureInfo.InvariantCulture)).ToArray();
        return new Result(values[0], values[1], values[2], (int)values[3] + (process.ExitCode == 0 ? 0 : 1), parts.Length > 5 ? parts[5].Trim() : "?");
    }

    private readonly record struct Result(long PeakHeap, long PeakSet, long Retained, int Failures, string Wire);
}
