using System.Diagnostics;

namespace RefitStj.Demo.Tests;

/// <summary>The built app, run as a process: Program passes the exit code through.</summary>
public sealed class ProgramTests
{
    [Theory]
    [InlineData("--help", 0)]
    [InlineData("--bogus", 2)]
    public async Task The_Built_App_Exits_With_The_Code_DemoApp_Returns(string argument, int expected)
    {
        var app = Path.Combine(AppContext.BaseDirectory, "RefitStj.Demo.dll");
        var dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";
        var start = new ProcessStartInfo(dotnet) { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(app);
        start.ArgumentList.Add(argument);

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(1));

        Assert.True(process.ExitCode == expected, $"exit code {process.ExitCode}\n{await output}\n{await error}");
        Assert.Contains("Usage:", expected == 0 ? await output : await error);
    }
}
