using BenchmarkDotNet.Configs;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks;

/// <summary>
/// The configuration every run uses; command-line options (--job, --filter, ...) add to it. BenchmarkDotNet's default
/// configuration already exports CSV (CsvExporter.Default, for charts), GitHub markdown and HTML into
/// BenchmarkDotNet.Artifacts/results; the default toolchain builds and runs each benchmark in its own .NET 10 process.
/// </summary>
public static class BenchmarkConfig
{
    public static IConfig Create() =>
        ManualConfig.Create(DefaultConfig.Instance)
            .AddFilter(OnlyForAttribute.Filter);
}
