using System.ComponentModel;
using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// The package as users get it: packed from the library, which compiles against the oldest Refit of its line. Each line
/// asserts its own: line 16 ships net8.0 and net10.0 on Refit [16.3.0, 17.0.0) as 16.x, line 17 net10.0 only on
/// [17.0.0, 18.0.0) as 17.x (REFIT17: this run's line).
/// </summary>
[Collection(SharesThePackedPackage.Name)]
public sealed class PackageTests(PackedPackage package)
{
#if REFIT17
    private const string Line = "17";
    private const string RefitRange = "[17.0.0, 18.0.0)";
    private static readonly string[] s_frameworks = ["net10.0"];
#else
    private const string Line = "16";
    private const string RefitRange = "[16.3.0, 17.0.0)";
    private static readonly string[] s_frameworks = ["net8.0", "net10.0"];
#endif

    private readonly PackedPackage _package = package;

    [Fact]
    public void Package_Ships_No_Refit_Assembly()
    {
        Assert.DoesNotContain(_package.Entries, e => Path.GetFileName(e).Equals("Refit.dll", StringComparison.OrdinalIgnoreCase));
    }

    [Fact]
    public void Package_Ships_The_Library_With_Docs_For_Its_Lines_Frameworks_Only()
    {
        var libraries = _package.Entries.Where(e => e.StartsWith("lib/", StringComparison.Ordinal)).Order(StringComparer.Ordinal);

        Assert.Equal(s_frameworks.SelectMany(f => new[] { $"lib/{f}/RefitStj.dll", $"lib/{f}/RefitStj.xml" }).Order(StringComparer.Ordinal), libraries);
    }

    [Fact]
    public void Package_Ships_The_Context_Coverage_Analyzer_And_Its_Fix_Only_Where_The_Compiler_Loads_Them()
    {
        string[] analyzers = ["RefitStj.Analyzers.dll", "RefitStj.Analyzers.CodeFixes.dll"];

        Assert.Equal(analyzers.Select(a => $"analyzers/dotnet/cs/{a}").Order(StringComparer.Ordinal), _package.Entries.Where(e => e.StartsWith("analyzers/", StringComparison.Ordinal)).Order(StringComparer.Ordinal));
        Assert.DoesNotContain(_package.Entries, e => analyzers.Any(a => e.EndsWith(a, StringComparison.Ordinal)) && !e.StartsWith("analyzers/dotnet/cs/", StringComparison.Ordinal));
    }

    [Fact]
    public void Every_Framework_Group_Depends_On_Its_Refit_Major_Only()
    {
        // Exactly the line's frameworks have groups, each allowing the line's floor up to the next major, never beyond.
        Assert.Equal(s_frameworks.Order(StringComparer.Ordinal), _package.DependencyGroups.Select(g => g.Framework).Order(StringComparer.Ordinal));
        Assert.All(_package.DependencyGroups, group => Assert.Equal(RefitRange, Assert.Single(group.Dependencies, d => d.Id == "Refit").Version));
    }

    [Fact]
    public void Package_Depends_On_Nothing_Else_Than_Refit_And_On_Net8_Server_Sent_Events()
    {
        foreach (var group in _package.DependencyGroups)
        {
            string[] ids = group.Framework == "net8.0" ? ["Refit", "System.Net.ServerSentEvents"] : ["Refit"];
            Assert.Equal(ids, group.Dependencies.Select(d => d.Id).Order(StringComparer.Ordinal));
        }
    }

    [Fact]
    public void Package_Carries_Its_Package_Readme_And_Mit_License()
    {
        Assert.Contains("PACKAGE.md", _package.Entries);
        Assert.Equal("MIT", _package.Metadata("license"));
        Assert.Equal("PACKAGE.md", _package.Metadata("readme"));
    }

    [Fact]
    public void Package_Readme_Renders_On_The_Package_Page_Without_The_Repository()
    {
        var text = File.ReadAllText(Path.Combine(Repository.Root, "PACKAGE.md"));

        // The package page resolves no relative link and shows no image from the repository.
        Assert.DoesNotMatch(@"\]\((?!https://)", text);
        Assert.DoesNotContain("<img", text, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("![", text, StringComparison.Ordinal);

        // NuGet renders Markdown without raw HTML: outside code, only the snippet markers' comments may look like tags.
        var fences = text.ReplaceLineEndings("\n").Split('\n').Where(line => line.StartsWith("```", StringComparison.Ordinal)).ToList();
        Assert.True(fences.Count % 2 == 0 && fences.Where((_, i) => i % 2 == 0).All(open => open.Length > 3), "every fence is closed and names its language");
        var prose = Regex.Replace(Regex.Replace(text, "```[\\s\\S]*?```", ""), "`[^`]*`", "");
        Assert.DoesNotMatch("<(?!!--)[a-zA-Z/]", prose);
    }

    [Fact]
    public void Package_Readme_Names_Only_Methods_The_Package_Has()
    {
        var text = File.ReadAllText(Path.Combine(Repository.Root, "PACKAGE.md"));
        var api = string.Join('\n', Directory.EnumerateFiles(Path.Combine(Repository.Root, "src", "RefitStj", "PublicAPI"), "PublicAPI.*.txt", SearchOption.AllDirectories).Select(File.ReadAllText));

        var named = Regex.Matches(text, @"`(?:StjContentSerializer\.)?([A-Z]\w+)\(\)`").Select(match => match.Groups[1].Value).Distinct().ToList();

        Assert.NotEmpty(named);
        Assert.All(named, method => Assert.Contains($".{method}(", api, StringComparison.Ordinal));
    }

    [Fact]
    public void Package_Names_Its_Git_Repository_And_The_Commit_It_Was_Packed_From()
    {
        var repository = Assert.Single(_package.Nuspec.Descendants(), e => e.Name.LocalName == "repository");
        var commit = repository.Attribute("commit")?.Value;

        Assert.Equal("git", repository.Attribute("type")?.Value);
        if (GitHead() is { } head)
        {
            Assert.Matches("^[0-9a-f]{40}$", commit);
            Assert.Equal(head, commit);
        }
        else
        {
            // No git command or no repository here: the SDK reads .git itself, so a commit may still be there.
            Assert.True(commit is null || Regex.IsMatch(commit, "^[0-9a-f]{40}$"), commit);
        }
    }

    [Fact]
    public void Package_Version_Is_The_One_MinVer_Computes_From_The_Git_Tags()
    {
        // PackageVersionTests pins what MinVer computes for each kind of history; this pins that pack writes it.
        var computed = Repository.Dotnet(
            ["msbuild", "src/RefitStj/RefitStj.csproj", "-t:MinVer", "-getProperty:PackageVersion", "-p:Configuration=Release", .. PackedPackage.LineArguments, "-nodeReuse:false"]);

        Assert.Equal(computed.Trim(), _package.Metadata("version"));
    }

    [Fact]
    public void Package_Version_Is_Behind_Its_Refit_Major()
    {
        Assert.StartsWith(Line + ".", _package.Metadata("version"), StringComparison.Ordinal);
        Assert.StartsWith($"RefitStj.{Line}.", Path.GetFileName(_package.Nupkg), StringComparison.Ordinal);
    }

    /// <summary>The repository's HEAD commit from <c>git rev-parse HEAD</c>, or <see langword="null"/> without git or a repository.</summary>
    private static string? GitHead()
    {
        try
        {
            var (exitCode, output, _) = Repository.Run("git", ["rev-parse", "HEAD"], TimeSpan.FromMinutes(1));
            return exitCode == 0 ? output.Trim() : null;
        }
        catch (Win32Exception)
        {
            return null;
        }
    }
}
