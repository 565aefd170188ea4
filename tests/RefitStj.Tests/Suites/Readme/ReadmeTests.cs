using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Readme;

/// <summary>
/// Every C# block in README.md, PACKAGE.md and the docs pages README sends detail to is named by a
/// <c>&lt;!-- snippet: name --&gt;</c> line above it and must equal, line for line, the <c>#region snippet: name</c>
/// regions of that name in this project's compiled (and mostly run) test code, joined by a blank line. Prose around the
/// blocks is never read, so rewording cannot break a test.
/// </summary>
public sealed partial class ReadmeTests
{
    // README's detail pages carry blocks too: each is checked here as README's are.
    private static readonly string[] s_documents = ["README.md", "PACKAGE.md", "docs/compatibility.md", "docs/limits.md", "docs/streaming.md"];

    public static TheoryData<string, string> Blocks
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var document in s_documents)
            {
                foreach (var name in DocumentBlocks(document).Keys)
                {
                    data.Add(document, name);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Blocks))]
    public void Documented_Block_Equals_Its_Compiled_Region(string document, string name)
    {
        var regions = CodeRegions();

        Assert.True(regions.ContainsKey(name), $"{document}'s block '{name}' has no '#region snippet: {name}' in tests/RefitStj.Tests.");
        Assert.Equal(string.Join('\n', DocumentBlocks(document)[name]), string.Join('\n', regions[name]));
    }

    [Theory]
    [InlineData("README.md")]
    [InlineData("PACKAGE.md")]
    [InlineData("docs/compatibility.md")]
    [InlineData("docs/limits.md")]
    [InlineData("docs/streaming.md")]
    public void Every_CSharp_Block_Is_Named(string document)
    {
        var fences = File.ReadAllLines(Path.Combine(Repository.Root, document)).Count(line => line.Trim() == "```csharp");

        Assert.NotEqual(0, fences);
        Assert.Equal(fences, DocumentBlocks(document).Count);
    }

    [Fact]
    public void Every_Region_Is_Shown_In_README_Or_Its_Detail_Pages()
    {
        Assert.Empty(CodeRegions().Keys.Except(s_documents.Where(d => d != "PACKAGE.md").SelectMany(d => DocumentBlocks(d).Keys)));
    }

    /// <summary>A document's C# blocks by the name on the line before each fence; an unnamed or unclosed block fails.</summary>
    private static Dictionary<string, List<string>> DocumentBlocks(string document)
    {
        var blocks = new Dictionary<string, List<string>>();
        var lines = File.ReadAllLines(Path.Combine(Repository.Root, document));
        for (var i = 0; i < lines.Length; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            var marker = i > 0 ? SnippetMarker().Match(lines[i - 1]) : Match.Empty;
            var name = marker.Success ? marker.Groups[1].Value : throw new InvalidOperationException($"{document} line {i + 1}: a ```csharp block without a '<!-- snippet: name -->' line above it.");
            var end = Array.FindIndex(lines, i + 1, line => line.Trim() == "```");
            blocks.Add(name, end > i ? Dedent(lines[(i + 1)..end]) : throw new InvalidOperationException($"{document} line {i + 1}: unclosed block."));
        }

        return blocks;
    }

    /// <summary>The test code's snippet regions by name; regions sharing a name are joined by a blank line, in file order.</summary>
    private static Dictionary<string, List<string>> CodeRegions()
    {
        var regions = new Dictionary<string, List<string>>();
        var project = Path.Combine(Repository.Root, "tests", "RefitStj.Tests");
        var files = Directory.EnumerateFiles(project, "*.cs", SearchOption.AllDirectories)
            .Where(file => !file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal);
        foreach (var file in files)
        {
            var lines = File.ReadAllLines(file);
            for (var i = 0; i < lines.Length; i++)
            {
                if (RegionStart().Match(lines[i]) is not { Success: true } start)
                {
                    continue;
                }

                var end = Array.FindIndex(lines, i + 1, line => line.Trim() == "#endregion");
                var body = Dedent(lines[(i + 1)..end]);
                if (regions.TryGetValue(start.Groups[1].Value, out var existing))
                {
                    existing.Add("");
                    existing.AddRange(body);
                }
                else
                {
                    regions.Add(start.Groups[1].Value, body);
                }
            }
        }

        return regions;
    }

    private static List<string> Dedent(string[] lines)
    {
        var indent = lines.Where(line => line.Trim().Length > 0).Select(line => line.Length - line.TrimStart().Length).DefaultIfEmpty(0).Min();
        return lines.Select(line => line.Trim().Length == 0 ? "" : line[indent..].TrimEnd()).ToList();
    }

    [GeneratedRegex(@"^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$")]
    private static partial Regex SnippetMarker();

    [GeneratedRegex(@"^\s*#region snippet: (\S+)\s*$")]
    private static partial Regex RegionStart();
}
