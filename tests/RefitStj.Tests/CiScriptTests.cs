using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>README tells users how to pass the tests; CI must run exactly that, or the two drift apart unnoticed.</summary>
public sealed class CiScriptTests
{
    [Fact]
    public void Ci_Runs_The_Test_Command_Readme_Gives()
    {
        var readme = File.ReadAllLines(Path.Combine(Repository.Root, "README.md"));
        var ci = File.ReadAllLines(Path.Combine(Repository.Root, ".ci", "run")).Select(line => line.Trim()).ToList();

        // The line under README's "# pass the tests" comment is the command.
        var comment = Array.FindIndex(readme, line => line.StartsWith("# pass the tests", StringComparison.Ordinal));
        Assert.True(comment >= 0, "README has no '# pass the tests' line.");
        var command = readme[comment + 1].Trim();
        Assert.StartsWith("dotnet test ", command, StringComparison.Ordinal);

        Assert.Contains(ci, line => line == command || line.StartsWith(command + " ||", StringComparison.Ordinal));
    }
}
