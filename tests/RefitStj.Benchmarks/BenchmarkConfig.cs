using System.Reflection;
using BenchmarkDotNet.Configs;

namespace RefitStj.Benchmarks;

/// <summary>
/// BenchmarkDotNet's defaults (the default job: each benchmark in one process of its own; CSV, markdown and HTML reports),
/// with the reports of a build against another Refit (<c>-p:RefitVersion=...</c>) in a folder of their own: the classes
/// have the same names in every build. Command-line options (--job, --filter, ...) add to it or override it.
/// </summary>
public static class BenchmarkConfig
{
    /// <summary>The Refit package version this build compiled against.</summary>
    public static string RefitVersion { get; } =
        typeof(BenchmarkConfig).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(attribute => attribute.Key == "RefitVersion").Value!;

    public static IConfig Create() =>
        DefaultConfig.Instance.WithArtifactsPath(Path.Combine(DefaultConfig.Instance.ArtifactsPath, $"refit-{RefitVersion}"));
}
