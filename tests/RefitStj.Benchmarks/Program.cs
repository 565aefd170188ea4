using BenchmarkDotNet.Running;
using RefitStj.Benchmarks;
using RefitStj.Benchmarks.Checks;

// dotnet run -c Release -- --filter '*'     every benchmark with the published settings (BenchmarkConfig.PublishedJob); BenchmarkDotNet's options override them
// dotnet run -c Release -- --smoke          every benchmark method once, in process, checked: exits 1 on a failure
// Add -p:RefitVersion=x.y.z before -- to run against that Refit package (its own serializer and real Refit clients).
if (args.Contains("--smoke"))
{
    return await SmokeRun.RunAsync(Console.Out);
}

// BenchmarkDotNet builds each benchmark process from this project again; MSBuild reads environment variables as
// properties, so this keeps those builds in the same Refit mode (the package is already in the local package cache).
Environment.SetEnvironmentVariable("RefitVersion", BenchmarkConfig.RefitVersion);

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return summaries.Any(summary => summary.HasCriticalValidationErrors || summary.Reports.Any(report => !report.Success)) ? 1 : 0;
