using BenchmarkDotNet.Configs;
using RefitStj.Benchmarks.Infrastructure;
#if REAL_REFIT
using System.Reflection;
#endif

namespace RefitStj.Benchmarks;

/// <summary>
/// The configuration every run uses; command-line options (--job, --filter, --artifacts, ...) add to it or override it.
/// BenchmarkDotNet's default configuration already exports CSV (CsvExporter.Default, for charts), GitHub markdown and
/// HTML into BenchmarkDotNet.Artifacts/results; the default toolchain builds and runs each benchmark in its own .NET 10
/// process. Built with <c>-p:RefitVersion=...</c>, results go to BenchmarkDotNet.Artifacts/refit-&lt;version&gt;/results
/// instead: the classes have the same names in both builds, so one run must not overwrite the other's reports.
/// </summary>
public static class BenchmarkConfig
{
#if REAL_REFIT
    /// <summary>The Refit package version this build compiled against (from <c>-p:RefitVersion</c>).</summary>
    public static string RefitVersion { get; } =
        typeof(BenchmarkConfig).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(attribute => attribute.Key == "RefitVersion").Value!;
#endif

    public static IConfig Create()
    {
        var config = ManualConfig.Create(DefaultConfig.Instance)
            .AddFilter(OnlyForAttribute.Filter);
#if REAL_REFIT
        config = config.WithArtifactsPath(Path.Combine(DefaultConfig.Instance.ArtifactsPath, $"refit-{RefitVersion}"));
#endif
        return config;
    }
}
