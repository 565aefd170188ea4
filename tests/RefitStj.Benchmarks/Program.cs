using BenchmarkDotNet.Running;
using RefitStj.Benchmarks;
using RefitStj.Benchmarks.Checks;

// dotnet run -c Release -- --filter '*'     every benchmark (BenchmarkDotNet's usual options apply)
// dotnet run -c Release -- --smoke          every benchmark method once, in process, checked: exits 1 on a failure
if (args.Contains("--smoke"))
{
    return await SmokeRun.RunAsync(Console.Out);
}

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, BenchmarkConfig.Create());
return summaries.Any(summary => summary.HasCriticalValidationErrors || summary.Reports.Any(report => !report.Success)) ? 1 : 0;
