using System.Diagnostics;

namespace RefitStj.Tests.Support;

internal static class Repository
{
    public static string Root { get; } = FindRoot();

    /// <summary>Runs the dotnet CLI in the repository root and returns its output, failing with that output on a non-zero exit.</summary>
    public static string Dotnet(params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = Root, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The nested build must not attach to, or leave behind, shared build servers.
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        start.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(5)))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"dotnet {string.Join(' ', arguments)} took more than 5 minutes.");
        }

        var output = stdout.Result + stderr.Result;
        return process.ExitCode == 0 ? output : throw new InvalidOperationException($"dotnet {string.Join(' ', arguments)} exited {process.ExitCode}:\n{output}");
    }

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "RefitStj.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("RefitStj.sln not found above " + AppContext.BaseDirectory);
    }
}
