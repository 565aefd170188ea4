namespace RefitStj.Demo.Tests;

/// <summary>One in-process run of the demo: its exit code and what it wrote.</summary>
internal sealed record DemoRun(int ExitCode, string Output, string Error)
{
    public static async Task<DemoRun> RunAsync(params string[] args)
    {
        using var output = new StringWriter { NewLine = "\n" };
        using var error = new StringWriter { NewLine = "\n" };
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var exitCode = await DemoApp.RunAsync(args, output, error, timeout.Token);
        return new DemoRun(exitCode, output.ToString(), error.ToString());
    }

    public override string ToString() => $"exit code {ExitCode}\n--- stdout ---\n{Output}\n--- stderr ---\n{Error}";
}
