using BenchmarkDotNet.Running;
using RefitStj.Benchmarks;
using RefitStj.Benchmarks.Checks;

// dotnet run -c Release --project tests/RefitStj.Benchmarks -- --filter '*'   the suite (BenchmarkConfig); --filter '*RefitClient*' the Refit clients only
// dotnet run -c Release --project tests/RefitStj.Benchmarks -- --smoke        every benchmark in process, checked: exits 1 on a failure
// -p:RefitVersion=x.y.z before -- builds and runs against that Refit package.
if (args.Contains("--smoke"))
{
    return await SmokeRun.RunAsync();
}

// BenchmarkDotNet builds each benchmark's process from this project again; MSBuild reads environment variables as
// properties, so those builds reference the same Refit as this one.
Environment.SetEnvironmentVariable("RefitVersion", BenchmarkConfig.RefitVersion);

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return summaries.Any(summary => summary.HasCriticalValidationErrors || summary.Reports.Any(report => !report.Success)) ? 1 : 0;
