using System.Text.RegularExpressions;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>
/// Every C# block in README.md is held in a snippet file that a build compiles (and that mostly runs it), so README
/// cannot drift from code that works. A block is split at its blank lines; each part must appear line for line
/// (indentation and runs of spaces aside) in one snippet file, in the block's order. Scaffolding (the declarations a
/// fragment assumes, the asserts after it) may sit between the parts, never inside one.
/// </summary>
public sealed partial class ReadmeTests
{
    /// <summary>Compiled by the default build: blocks that need only the serializer and Refit's contract.</summary>
    private const string ContractSnippets = "tests/RefitStj.Tests/ReadmeSnippets.cs";

    /// <summary>Compiled with <c>-p:RefitVersion=...</c> only: blocks that use RestService, RefitSettings or Refit's attributes.</summary>
    private const string RefitSnippets = "tests/RefitStj.Tests/EndToEnd/ReadmeRefitSnippets.cs";

    /// <summary>
    /// Compiled by no build here: <c>AddRefitClient</c> is Refit.HttpClientFactory's, a package this repository does
    /// not reference (nor Microsoft.Extensions.Http, whose builder it returns). The file keeps the text in step with
    /// README; its one compilable part, the <c>RefitSettings</c> with <c>StjContentSerializer</c>, is the Quick
    /// start's, which <see cref="RefitSnippets"/> compiles.
    /// </summary>
    private const string HttpClientFactorySnippet = "tests/RefitStj.Tests/EndToEnd/ReadmeHttpClientFactorySnippet.cs";

    private static readonly string[] s_snippetFiles = [ContractSnippets, RefitSnippets, HttpClientFactorySnippet];

    public static TheoryData<int, string> Blocks
    {
        get
        {
            var data = new TheoryData<int, string>();
            var blocks = CSharpBlocks();
            for (var i = 0; i < blocks.Count; i++)
            {
                data.Add(i + 1, blocks[i].First(line => line.Trim().Length > 0).Trim());
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Blocks))]
    public void Readme_CSharp_Block_Appears_In_A_Compiled_Snippet_File(int number, string firstLine)
    {
        var block = CSharpBlocks()[number - 1];
        var holders = s_snippetFiles.Where(file => Holds(Read(file), block)).ToList();

        if (string.Join('\n', block).Contains("AddRefitClient", StringComparison.Ordinal))
        {
            Assert.True(holders.Contains(HttpClientFactorySnippet), $"README block {number} ({firstLine}) is not in {HttpClientFactorySnippet}.");
            return;
        }

        Assert.True(
            holders.Any(file => file != HttpClientFactorySnippet),
            $"README block {number} ({firstLine}) is in no compiled snippet file: copy the changed block into {ContractSnippets} or {RefitSnippets}, and make it compile.");
    }

    [Fact]
    public void Readme_Has_CSharp_Blocks_And_Every_One_Is_Read()
    {
        var fences = File.ReadAllLines(Path.Combine(Repository.Root, "README.md")).Count(line => line.Trim() == "```csharp");

        Assert.NotEqual(0, fences);
        Assert.Equal(fences, CSharpBlocks().Count);
    }

    [Fact]
    public void Readme_Block_Check_Fails_On_Any_Changed_Line()
    {
        var files = s_snippetFiles.Select(Read).ToList();
        foreach (var block in CSharpBlocks())
        {
            for (var i = 0; i < block.Count; i++)
            {
                if (block[i].Trim().Length == 0)
                {
                    continue;
                }

                var changed = block.ToList();
                changed[i] += " x";
                Assert.DoesNotContain(files, file => Holds(file, changed));
            }
        }
    }

    [Fact]
    public void Readme_Block_Check_Fails_When_Parts_Change_Order()
    {
        var files = s_snippetFiles.Select(Read).ToList();
        var multiPart = CSharpBlocks().Select(Parts).Where(parts => parts.Count > 1).ToList();

        Assert.NotEmpty(multiPart);
        foreach (var parts in multiPart)
        {
            var reversed = parts.AsEnumerable().Reverse().SelectMany(part => part.Append("")).ToList();
            Assert.DoesNotContain(files, file => Holds(file, reversed));
        }
    }

    /// <summary>The lines of each ```csharp block in README.md, in order; an unclosed block fails.</summary>
    private static List<List<string>> CSharpBlocks()
    {
        var blocks = new List<List<string>>();
        List<string>? current = null;
        foreach (var line in File.ReadAllLines(Path.Combine(Repository.Root, "README.md")))
        {
            var trimmed = line.Trim();
            if (current is null && trimmed == "```csharp")
            {
                current = [];
            }
            else if (current is not null && trimmed == "```")
            {
                blocks.Add(current);
                current = null;
            }
            else
            {
                current?.Add(line);
            }
        }

        return current is null ? blocks : throw new InvalidOperationException("README.md has an unclosed ```csharp block.");
    }

    private static List<string> Read(string file) => File.ReadAllLines(Path.Combine(Repository.Root, file)).Select(Normalize).ToList();

    /// <summary>Whether every part of <paramref name="block"/> appears, as consecutive lines, in <paramref name="source"/>, in order.</summary>
    private static bool Holds(List<string> source, List<string> block)
    {
        var from = 0;
        foreach (var part in Parts(block))
        {
            var at = IndexOf(source, part, from);
            if (at < 0)
            {
                return false;
            }

            from = at + part.Count;
        }

        return true;
    }

    private static int IndexOf(List<string> source, List<string> part, int from)
    {
        for (var i = from; i + part.Count <= source.Count; i++)
        {
            if (source.Skip(i).Take(part.Count).SequenceEqual(part, StringComparer.Ordinal))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>A block's runs of non-blank lines, normalized.</summary>
    private static List<List<string>> Parts(List<string> block)
    {
        var parts = new List<List<string>> { new() };
        foreach (var line in block.Select(Normalize))
        {
            if (line.Length == 0)
            {
                parts.Add([]);
            }
            else
            {
                parts[^1].Add(line);
            }
        }

        return parts.Where(part => part.Count > 0).ToList();
    }

    private static string Normalize(string line) => Whitespace().Replace(line.Trim(), " ");

    [GeneratedRegex(@"\s+")]
    private static partial Regex Whitespace();
}
