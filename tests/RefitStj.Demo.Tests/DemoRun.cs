using RefitStj.Demo.Server;

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

    /// <summary>
    /// Runs the demo with <c>--base-url</c> pointing at <paramref name="path"/> on a separately started demo server (what
    /// a real API would be to it), followed by <paramref name="args"/>. Returns the run and the server's base address.
    /// </summary>
    public static async Task<(DemoRun Run, Uri Server)> AgainstServerAsync(string path, params string[] args)
    {
        await using var server = await DemoServer.StartAsync(StjContentSerializer.CreateDefaultOptions());
        var run = await RunAsync(["--base-url", new Uri(server.BaseAddress, path).ToString(), .. args]);
        return (run, server.BaseAddress);
    }

    /// <summary>Fails, showing everything the run wrote, unless it exited 0.</summary>
    public void AssertSucceeded() => Assert.True(ExitCode == 0, ToString());

    public override string ToString() => $"exit code {ExitCode}\n--- stdout ---\n{Output}\n--- stderr ---\n{Error}";
}
