using System.Collections.ObjectModel;
using System.Diagnostics;
using System.Text;

namespace RefitStj.Tests.Support;

internal static class Repository
{
    public static string Root { get; } = FindRoot();

    /// <summary>Runs the dotnet CLI in the repository root and returns its output, failing with that output on a non-zero exit.</summary>
    public static string Dotnet(params string[] arguments)
    {
        // The nested build must not attach to, or leave behind, shared build servers.
        var environment = new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1", ["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0" };
        var (exitCode, output, error) = Run("dotnet", arguments, TimeSpan.FromMinutes(5), environment);
        return exitCode == 0 ? output + error : throw new InvalidOperationException($"dotnet {string.Join(' ', arguments)} exited {exitCode}:\n{output}{error}");
    }

    /// <summary>Runs <paramref name="program"/> in the repository root and returns its exit code and its output and error read as UTF-8, killing it after <paramref name="timeout"/>.</summary>
    public static (int ExitCode, string Output, string Error) Run(
        string program, IEnumerable<string> arguments, TimeSpan timeout, IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(program)
        {
            WorkingDirectory = Root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? ReadOnlyDictionary<string, string>.Empty)
        {
            start.Environment[name] = value;
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{program} {string.Join(' ', arguments)} took more than {timeout}.");
        }

        return (process.ExitCode, output.Result, error.Result);
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
