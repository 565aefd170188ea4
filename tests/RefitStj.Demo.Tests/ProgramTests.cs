using System.Diagnostics;

namespace RefitStj.Demo.Tests;

/// <summary>The built app, run as a process the way <c>dotnet run</c> starts it: Program passes the exit code through.</summary>
public sealed class ProgramTests
{
    [Theory]
    [InlineData(0, "Every call answered as expected.")]
    [InlineData(0, "Usage:", "--help")]
    [InlineData(2, "Usage:", "--bogus")]
    public async Task The_Built_App_Exits_With_The_Code_DemoApp_Returns(int expected, string printed, params string[] args)
    {
        var dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";
        var start = new ProcessStartInfo(dotnet) { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "RefitStj.Demo.dll"));
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        try
        {
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        Assert.True(process.ExitCode == expected, $"exit code {process.ExitCode}\n{await output}\n{await error}");
        Assert.Contains(printed, expected == 0 ? await output : await error);
    }
}
