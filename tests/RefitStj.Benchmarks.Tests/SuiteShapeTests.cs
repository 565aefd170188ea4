using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Exporters.Csv;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Tests;

public class SuiteShapeTests
{
    private static readonly string[] s_rows = ["RefitBuiltIn", "RefitStj", "Newtonsoft", "Floor"];

    // Read and write classes also have a row for RefitStj over a source-generated context. Built against the real Refit
    // package, the baseline is Refit's own class, joined by the by-hand baseline of the default build and Refit's fast path.
    private static readonly string[] s_levelRows = ["RefitBuiltIn", "RefitBuiltInByHand", "RefitFastPath", "RefitStj", "RefitStjSourceGen", "Newtonsoft", "Floor"];

    // Streaming compares RefitStj with the built-in async enumerable reader only: there is no floor to stream from.
    private static readonly string[] s_streamingRows = ["RefitBuiltIn", "RefitStj"];

    // The overhead breakdowns measure against the floor itself.
    private static readonly string[] s_overheadRows = ["Floor", "ContentOnly", "ContentPlusFloor", "StreamCopyPlusFloor", "StreamInPlacePlusFloor", "CopyToPlusFloor", "RefitStj"];
    private static readonly string[] s_writeOverheadRows = ["Floor", "FloorSourceGen", "ContentOnly", "ContentOnlyBuffered", "FloorPlusContentOnly", "FloorPlusContentOnlyBuffered", "RefitStj", "RefitStjSourceGen"];

    // Real Refit clients (real-Refit build only): the same client with Refit's serializer, then with RefitStj.
    private static readonly string[] s_refitClientRows = ["RefitBuiltIn", "RefitStj"];

    private static string[] RowsOf(Type type) =>
        type.Name.StartsWith("ReadOverhead", StringComparison.Ordinal) ? s_overheadRows
        : type.Name.StartsWith("WriteOverhead", StringComparison.Ordinal) ? s_writeOverheadRows
        : type.Name.StartsWith("Read", StringComparison.Ordinal) || type.Name.StartsWith("Write", StringComparison.Ordinal) ? s_levelRows
        : type.Name.StartsWith("Streaming", StringComparison.Ordinal) ? s_streamingRows
        : type.Name.StartsWith("RefitClient", StringComparison.Ordinal) ? s_refitClientRows
        : s_rows;

    public static TheoryData<string> BenchmarkTypes() => [.. BenchmarkCases.BenchmarkTypes().Select(BenchmarkCases.DisplayName)];

    [Theory]
    [MemberData(nameof(BenchmarkTypes))]
    public void Every_class_has_one_baseline_the_standard_rows_and_a_memory_diagnoser(string typeName)
    {
        var type = BenchmarkCases.BenchmarkTypes().Single(candidate => BenchmarkCases.DisplayName(candidate) == typeName);
        var benchmarks = BenchmarkCases.All.Where(benchmark => benchmark.Type == type).ToList();

        // One baseline per set of [Params] values: BenchmarkDotNet computes ratios within each set.
        var baseline = RowsOf(type)[0];
        Assert.Equal([baseline], benchmarks.Where(benchmark => benchmark.IsBaseline).Select(benchmark => benchmark.Method.Name).Distinct());
        Assert.Equal(benchmarks.Count / RowsOf(type).Length, benchmarks.Count(benchmark => benchmark.IsBaseline));
        Assert.Equal(RowsOf(type), benchmarks.Select(benchmark => benchmark.Method.Name).Where(name => name != "NewOptionsPerCall").Distinct());
        Assert.True(
            (type.IsGenericType ? type.GetGenericTypeDefinition() : type).IsDefined(typeof(MemoryDiagnoserAttribute), inherit: false),
            $"{typeName} lacks [MemoryDiagnoser].");
    }

    [Fact]
    public void Read_and_write_levels_cover_every_payload_and_round_trips_their_scenarios()
    {
        var expected = new List<string>();
        foreach (var level in new[] { "ReadBufferedBenchmarks", "ReadStreamBenchmarks", "WriteCopyToBenchmarks", "WriteLoadIntoBufferBenchmarks" })
        {
            expected.AddRange(Payloads.Types.Select(type => $"{level}<{BenchmarkCases.DisplayName(type)}>"));
        }

        var levels = expected.Count;
        expected.AddRange(["GetRoundTripBenchmarks<Organization>", "GetRoundTripBenchmarks<List<Repository>>", "PostRoundTripBenchmarks", "StreamingBenchmarks",
            "ReadOverheadBenchmarks<LoginViewModel>", "ReadOverheadBenchmarks<Location>", "ReadOverheadBenchmarks<Organization>",
            "WriteOverheadBenchmarks<LoginViewModel>", "WriteOverheadBenchmarks<Location>", "WriteOverheadBenchmarks<Organization>",
            "WriteOverheadBenchmarks<IndexViewModel>", "WriteOverheadBenchmarks<List<Repository>>"]);
        var refitClientRows = 0;
        expected.AddRange(["RefitClientGetBenchmarks<Organization>", "RefitClientGetBenchmarks<List<Repository>>", "RefitClientPostBenchmarks"]);
        refitClientRows = 3 * s_refitClientRows.Length;

        Assert.Equal(expected.Order(StringComparer.Ordinal), BenchmarkCases.BenchmarkTypes().Select(BenchmarkCases.DisplayName));

        // 4 NewOptionsPerCall rows; streaming runs 2 rows for each of 2 item counts and 2 formats; 3 read and 5 write overhead classes.
        Assert.Equal(
            (levels * s_levelRows.Length) + (3 * s_rows.Length) + 4 + (2 * 4) + (3 * s_overheadRows.Length) + (5 * s_writeOverheadRows.Length) + refitClientRows,
            BenchmarkCases.All.Count);
    }

    [Fact]
    public void Options_per_call_row_runs_only_on_the_login_payload_of_read_and_write_classes()
    {
        var names = BenchmarkCases.All.Where(benchmark => benchmark.Method.Name == "NewOptionsPerCall").Select(benchmark => benchmark.Name);

        Assert.Equal(
            [
                "ReadBufferedBenchmarks<LoginViewModel>.NewOptionsPerCall",
                "ReadStreamBenchmarks<LoginViewModel>.NewOptionsPerCall",
                "WriteCopyToBenchmarks<LoginViewModel>.NewOptionsPerCall",
                "WriteLoadIntoBufferBenchmarks<LoginViewModel>.NewOptionsPerCall",
            ],
            names.Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Config_exports_csv_and_filters_rows_by_payload()
    {
        var config = BenchmarkConfig.Create();

        Assert.Contains(config.GetExporters(), exporter => exporter is CsvExporter);
        Assert.Contains(OnlyForAttribute.Filter, config.GetFilters());
    }

    [Fact]
    public void Config_runs_every_benchmark_in_three_processes_unless_the_command_line_says_otherwise()
    {
        var job = Assert.Single(BenchmarkConfig.Create().GetJobs());

        Assert.Same(BenchmarkConfig.PublishedJob, job);
        Assert.True(job.Meta.IsDefault);
        Assert.Equal(3, job.Run.LaunchCount);
        Assert.Equal(10, job.Run.WarmupCount);
        Assert.Equal(5, job.Run.IterationCount);
        Assert.Equal(200, job.Run.IterationTime.ToMilliseconds());
    }

    [Theory]
    [InlineData(typeof(LoginViewModel), 83)]
    [InlineData(typeof(Location), 200)]
    [InlineData(typeof(Organization), 1_024)]
    [InlineData(typeof(IndexViewModel), 12_500)]
    [InlineData(typeof(CollectionsOfPrimitives), 48_000)]
    [InlineData(typeof(MyEventsListerViewModel), 58_000)]
    [InlineData(typeof(List<Repository>), 170_000)]
    public void Payload_sizes_stay_near_their_targets(Type type, int target)
    {
        var size = Payloads.JsonSize(type);

        Assert.InRange(size, target * 0.9, target * 1.1);
    }

    [Theory]
    [MemberData(nameof(PayloadTypes))]
    public void Payloads_are_deterministic(Type type)
    {
        var first = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(DataGenerator.Create(type), type, Shared.Options);
        var second = System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(DataGenerator.Create(type), type, Shared.Options);

        Assert.Equal(first, second);
    }

    public static TheoryData<Type> PayloadTypes() => [.. Payloads.Types];
}
