using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;
using RefitStj.Benchmarks.Infrastructure;
using System.Reflection;

namespace RefitStj.Benchmarks;

/// <summary>
/// The configuration every run uses; command-line options (--job, --filter, --artifacts, ...) add to it or override it.
/// BenchmarkDotNet's default configuration already exports CSV (CsvExporter.Default, for charts), GitHub markdown and
/// HTML into BenchmarkDotNet.Artifacts/results; the default toolchain builds and runs each benchmark in its own .NET 10
/// process. Built with <c>-p:RefitVersion=...</c>, results go to BenchmarkDotNet.Artifacts/refit-&lt;version&gt;/results
/// instead: the classes have the same names in both builds, so one run must not overwrite the other's reports.
/// The base job is <see cref="PublishedJob"/>; options such as --launchCount given on the command line override it.
/// </summary>
public static class BenchmarkConfig
{
    /// <summary>The Refit package version this build compiled against (from <c>-p:RefitVersion</c>).</summary>
    public static string RefitVersion { get; } =
        typeof(BenchmarkConfig).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(attribute => attribute.Key == "RefitVersion").Value!;

    /// <summary>
    /// Three processes per benchmark, each with ten 200 ms warmup iterations and five measured ones. Three, because on
    /// this suite's machine the processes of one benchmark differ by a few percent typically and by 10% or more for one
    /// benchmark in ten (README's Process spread lines), enough to put a row on either side of a target; the mean is
    /// over all three. Two seconds of warmup, because tiered compilation took over a second of a large payload's run to
    /// install its optimized code, and processes measured before that ran three to four times slower. About 50 minutes
    /// for the suite on 2 cores.
    /// </summary>
    public static Job PublishedJob { get; } = Job.Default
        .WithLaunchCount(3)
        .WithWarmupCount(10)
        .WithIterationCount(5)
        .WithIterationTime(TimeInterval.FromMilliseconds(200))
        .AsDefault();

    public static IConfig Create()
    {
        var config = ManualConfig.Create(DefaultConfig.Instance)
            .AddJob(PublishedJob)
            .AddFilter(OnlyForAttribute.Filter);
        config = config.WithArtifactsPath(Path.Combine(DefaultConfig.Instance.ArtifactsPath, $"refit-{RefitVersion}"));
        return config;
    }
}
