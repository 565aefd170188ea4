using System.Globalization;
using System.Text;
using RefitStj.Tests.Support;

namespace RefitStj.Benchmarks.Tests;

/// <summary>
/// report.py writes README's benchmark tables from a run's CSV reports and log; these feed it a small run of known
/// numbers and check what it prints (it runs under python3, as in CI).
/// </summary>
public sealed class ReportScriptTests : IDisposable
{
    private static readonly string s_script = Path.Combine(Repository.Root, "tests", "RefitStj.Benchmarks", "report.py");

    private readonly string _run = Directory.CreateTempSubdirectory("refitstj-report-").FullName;

    private string Results => Path.Combine(_run, "results");

    public void Dispose() => Directory.Delete(_run, recursive: true);

    [Fact]
    public void Level_table_gives_each_row_its_ratios_and_RefitStj_over_the_floor_from_the_means()
    {
        Report("ReadBufferedBenchmarks_Location_",
            ("RefitBuiltIn", "1,600.0 ns", "1.00", "1.00"), ("RefitStj", "1.2 μs", "0.75", "0.80"), ("Floor", "800.0 ns", "0.50", "0.40"));

        var output = RunScript();

        Assert.Contains("| Payload | Built-in mean | RefitStj | Floor | RefitStj / Floor |", output);
        // 1.2 μs over 800 ns: the means are compared in one unit, not as printed.
        Assert.Contains("| Location | 1,600.0 ns | 0.75 / 0.80 | 0.50 / 0.40 | 1.50 |", output);
    }

    // With the one-operation row: 660 / 1200 and 660 / 1000. Without it, the sum: (500 + 100) / 1200 and 600 / 1000. Either
    // way (400 + 100) / (500 + 100), 560 / 700 and 700 / 1000; and no Buffered-mode rows in this run.
    [Theory]
    [InlineData(true, "FloorPlusContentOnly", "| Location | 0.83 | 0.80 | 0.55 | 0.66 | 0.70 |  |  |")]
    [InlineData(false, "(Floor + ContentOnly)", "| Location | 0.83 | 0.80 | 0.50 | 0.60 | 0.70 |  |  |")]
    public void Write_bounds_use_the_one_operation_row_where_the_run_has_it_and_else_name_the_sum(bool withOneOperationRow, string bound, string row)
    {
        WriteBoundsRun(withOneOperationRow);

        var output = RunScript();

        Assert.Contains($"| {bound} / built-in, CopyTo | {bound} / Newtonsoft, CopyTo |", output);
        Assert.Contains(row, output);
    }

    [Fact]
    public void Process_spread_reads_the_newest_log_and_tells_parameterized_benchmarks_apart()
    {
        Report("ReadBufferedBenchmarks_Location_", ("RefitBuiltIn", "1.0 μs", "1.00", "1.00"));
        Log("BenchmarkRun-20260101-000000.log", ("Old.Run: Job-A(LaunchCount=2)", [100, 400]));
        Log("BenchmarkRun-20260102-000000.log",
            ("A.Fast: Job-A(LaunchCount=2)", [100, 110]),
            ("StreamingBenchmarks.RefitStj: Job-A(LaunchCount=2) [Items=10, Format=JsonArray]", [100, 150]),
            ("StreamingBenchmarks.RefitStj: Job-A(LaunchCount=2) [Items=10, Format=JsonLines]", [100, 120]));

        var output = RunScript();

        // Spreads 1.10, 1.20 and 1.50; warmup and overhead lines, far slower, are not measurements.
        Assert.Contains(
            "**Process spread** (BenchmarkRun-20260102-000000.log): over 3 benchmarks, the slowest process's mean over the fastest's" +
            " was 1.20 at the median, 1.50 at the 90th percentile and 1.50 at most (StreamingBenchmarks.RefitStj [Items=10, Format=JsonArray]).",
            output);
    }

    [Fact]
    public void Process_spread_reads_a_one_class_run_whose_log_is_named_after_the_class()
    {
        Report("ReadBufferedBenchmarks_Location_", ("RefitBuiltIn", "1.0 μs", "1.00", "1.00"));
        Log("BenchmarkRun-20260101-000000.log", ("Old.Run: Job-A(LaunchCount=2)", [100, 400]));
        Log("RefitStj.Benchmarks.Benchmarks.ReadBufferedBenchmarks_Location_-20260102-000000.log",
            ("ReadBufferedBenchmarks<Location>.RefitBuiltIn: Job-A(LaunchCount=2)", [100, 120]));

        var output = RunScript();

        Assert.Contains("(RefitStj.Benchmarks.Benchmarks.ReadBufferedBenchmarks_Location_-20260102-000000.log): over 1 benchmarks", output);
        Assert.Contains("| Location | 1.0 μs† |", output);
    }

    [Fact]
    public void A_figure_whose_processes_differed_by_more_than_a_tenth_is_marked_and_the_mark_explained()
    {
        Report("ReadBufferedBenchmarks_Location_",
            ("RefitBuiltIn", "1,600.0 ns", "1.00", "1.00"), ("RefitStj", "1.2 μs", "0.75", "0.80"), ("Floor", "800.0 ns", "0.50", "0.40"));
        Log("BenchmarkRun-20260102-000000.log",
            ("ReadBufferedBenchmarks<Location>.RefitBuiltIn: Job-A(LaunchCount=2)", [100, 110]),
            ("ReadBufferedBenchmarks<Location>.RefitStj: Job-A(LaunchCount=2)", [100, 111]),
            ("ReadBufferedBenchmarks<Location>.Floor: Job-A(LaunchCount=2)", [100, 105]));

        var output = RunScript();

        // 1.10 apart is not marked, 1.11 is; RefitStj over the floor is as noisy as its noisier term.
        Assert.Contains("| Location | 1,600.0 ns | 0.75 / 0.80† | 0.50 / 0.40 | 1.50† |", output);
        Assert.Contains("† The processes of this benchmark", output);
    }

    [Fact]
    public void Real_Refit_run_adds_its_note_and_one_table_for_the_Refit_client_round_trips()
    {
        Report("RefitClientGetBenchmarks_Organization_", ("RefitBuiltIn", "5.0 μs", "1.00", "1.00"), ("RefitStj", "4.0 μs", "0.80", "0.95"));
        Report("RefitClientPostBenchmarks", ("RefitBuiltIn", "6.0 μs", "1.00", "1.00"), ("RefitStj", "4.5 μs", "0.75", "0.90"));

        var output = RunScript();

        Assert.StartsWith("Built against the real Refit package", output, StringComparison.Ordinal);
        Assert.Contains("| GET Organization | 5.0 μs | 0.80 / 0.95 |\n| POST Location body | 6.0 μs | 0.75 / 0.90 |", output);
    }

    [Fact]
    public void Chart_draws_a_bar_per_row_against_the_baseline()
    {
        Report("WriteCopyToBenchmarks_Location_",
            ("RefitBuiltIn", "1.0 μs", "1.00", "1.00"), ("RefitStj", "600.0 ns", "0.60", "0.45"), ("Newtonsoft", "5.0 μs", "5.00", "2.00"));
        var svg = Path.Combine(_run, "chart.svg");

        RunScript(svg);

        var drawn = File.ReadAllText(svg);
        Assert.Contains("Write + CopyTo: Location", drawn);
        Assert.Equal(2, drawn.Split("height=\"8\"").Length - 1);
        Assert.Contains(">0.60<", drawn);
        // Bars are cut at four times the baseline and marked as cut.
        Assert.Contains(">5.00+<", drawn);
    }

    [Fact]
    public void A_later_run_replaces_the_classes_it_measured_and_leaves_the_others()
    {
        Report("ReadBufferedBenchmarks_Location_", ("RefitBuiltIn", "1,600.0 ns", "1.00", "1.00"), ("RefitStj", "1.2 μs", "0.75", "0.80"));
        Report("WriteCopyToBenchmarks_Location_", ("RefitBuiltIn", "1.0 μs", "1.00", "1.00"), ("RefitStj", "600.0 ns", "0.60", "0.45"));
        var later = Path.Combine(_run, "later", "results");
        Report("ReadBufferedBenchmarks_Location_", later, ("RefitBuiltIn", "1,500.0 ns", "1.00", "1.00"), ("RefitStj", "900.0 ns", "0.60", "0.70"));

        var output = RunScript(later);

        Assert.Contains("| Location | 1,500.0 ns | 0.60 / 0.70 |", output);
        Assert.DoesNotContain("0.75 / 0.80", output);
        Assert.Contains("| Location | 1.0 μs | 0.60 / 0.45 |", output);
    }

    [Fact]
    public void A_re_measured_class_is_marked_by_its_own_run_not_by_the_run_it_replaces()
    {
        Report("ReadBufferedBenchmarks_Location_", ("RefitBuiltIn", "1,600.0 ns", "1.00", "1.00"), ("RefitStj", "1.2 μs", "0.75", "0.80"));
        Log("BenchmarkRun-20260101-000000.log", ("ReadBufferedBenchmarks<Location>.RefitStj: Job-A(LaunchCount=2)", [100, 150]));
        var later = Path.Combine(_run, "later", "results");
        Report("ReadBufferedBenchmarks_Location_", later, ("RefitBuiltIn", "1,500.0 ns", "1.00", "1.00"), ("RefitStj", "900.0 ns", "0.60", "0.70"));

        var output = RunScript(later);

        // The earlier run's noisy process spread belongs to figures the later run replaced.
        Assert.Contains("| Location | 1,500.0 ns | 0.60 / 0.70 |", output);
        Assert.DoesNotContain("†", output);
    }

    [Fact]
    public void A_folder_without_reports_fails_with_a_message()
    {
        Directory.CreateDirectory(Results);

        var (exitCode, _, error) = Run(Results);

        Assert.NotEqual(0, exitCode);
        Assert.Contains("no BenchmarkDotNet CSV reports", error);
    }

    private void WriteBoundsRun(bool withOneOperationRow)
    {
        (string, string, string, string)[] overhead =
        [
            ("Floor", "500.0 ns", "1.00", "NA"), ("FloorSourceGen", "400.0 ns", "0.80", "NA"), ("ContentOnly", "100.0 ns", "0.20", "NA"),
            ("RefitStj", "700.0 ns", "1.40", "NA"), ("RefitStjSourceGen", "560.0 ns", "1.12", "NA"),
        ];
        Report("WriteOverheadBenchmarks_Location_", withOneOperationRow ? [.. overhead, ("FloorPlusContentOnly", "660.0 ns", "1.32", "NA")] : overhead);
        Report("WriteCopyToBenchmarks_Location_",
            ("RefitBuiltIn", "1,200.0 ns", "1.00", "1.00"), ("RefitStj", "700.0 ns", "0.58", "0.45"), ("Newtonsoft", "1.0 μs", "0.83", "2.00"));
    }

    // One CSV report as BenchmarkDotNet names it; the script reads only these columns.
    private void Report(string name, params (string Method, string Mean, string Ratio, string AllocRatio)[] rows) =>
        Report(name, Results, rows);

    private static void Report(string name, string folder, params (string Method, string Mean, string Ratio, string AllocRatio)[] rows)
    {
        Directory.CreateDirectory(folder);
        var csv = new StringBuilder("Method,Mean,Ratio,Allocated,Alloc Ratio\n");
        foreach (var (method, mean, ratio, allocRatio) in rows)
        {
            csv.Append(CultureInfo.InvariantCulture, $"{method},\"{mean}\",{ratio},360 B,{allocRatio}\n");
        }

        File.WriteAllText(Path.Combine(folder, $"RefitStj.Benchmarks.Benchmarks.{name}-report.csv"), csv.ToString());
    }

    // A run log beside the results folder: per benchmark, one measured iteration per launch at the given ns per op.
    private void Log(string name, params (string Benchmark, int[] NanosecondsPerLaunch)[] benchmarks)
    {
        var log = new StringBuilder();
        foreach (var (benchmark, launches) in benchmarks)
        {
            log.Append(CultureInfo.InvariantCulture, $"// Benchmark: {benchmark}\n");
            for (var launch = 0; launch < launches.Length; launch++)
            {
                log.Append(CultureInfo.InvariantCulture, $"// Launch: {launch + 1} / {launches.Length}\n");
                log.Append("WorkloadWarmup   1: 10 op, 99000.00 ns, 9.9000 us/op\n");
                log.Append("OverheadActual   1: 10 op, 99000.00 ns, 9.9000 us/op\n");
                log.Append(CultureInfo.InvariantCulture, $"WorkloadActual   1: 10 op, {launches[launch] * 10}.00 ns, {launches[launch]}.0000 ns/op\n");
            }
        }

        File.WriteAllText(Path.Combine(_run, name), log.ToString());
    }

    private string RunScript(params string[] extra)
    {
        var (exitCode, output, error) = Run([Results, .. extra]);
        Assert.True(exitCode == 0, $"report.py exited {exitCode}:\n{error}");
        return output.ReplaceLineEndings("\n");
    }

    // The tables hold μs and →: the script must print UTF-8 whatever the machine's locale.
    private static (int ExitCode, string Output, string Error) Run(params string[] arguments) =>
        Repository.Run("python3", [s_script, .. arguments], TimeSpan.FromMinutes(1), new Dictionary<string, string> { ["PYTHONIOENCODING"] = "utf-8" });
}
