using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Readme;

/// <summary>
/// Every C# block of README.md (and PACKAGE.md, NuGet's readme, and docs/compatibility.md's Refit 16 blocks) compiles exactly as it stands, as a file of a new SDK console app (implicit usings,
/// nullable) over Refit, Refit.HttpClientFactory and RefitStj, with System.Text.Json's generator and the package's analyzer:
/// each block is its own file beside the type declarations of the blocks above it, and later blocks may rely on the
/// Quick start's <c>using Refit; using RefitStj;</c> as README says. Any error fails, and any RSTJ diagnostic the block does not name.
/// </summary>
public sealed partial class ReadmeCompilationTests
{
    // What Microsoft.NET.Sdk's ImplicitUsings give every file of a new app.
    private const string ImplicitUsings = "global using System; global using System.Collections.Generic; global using System.IO; global using System.Linq; global using System.Net.Http; global using System.Threading; global using System.Threading.Tasks;";

    private const string QuickStartUsings = "global using Refit; global using RefitStj;";

    private static readonly CSharpParseOptions s_parseOptions = CSharpParseOptions.Default.WithLanguageVersion(LanguageVersion.Latest);

    public static TheoryData<string, string> Blocks
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var document in (string[])["README.md", "PACKAGE.md", "docs/compatibility.md"])
            {
                foreach (var (name, _) in DocumentBlocks(document))
                {
                    data.Add(document, name);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(Blocks))]
    public async Task Documented_Block_Compiles_As_Shown(string document, string name)
    {
        // docs/compatibility.md's blocks use the quick start's types, as it says: they compile after README's blocks.
        var blocks = document == "docs/compatibility.md" ? [.. DocumentBlocks("README.md"), .. DocumentBlocks(document)] : DocumentBlocks(document);

        var failures = await FailuresAsync(blocks, blocks.FindIndex(block => block.Name == name));

        Assert.True(failures.Count == 0, $"{document}'s block '{name}' does not compile as shown:\n{string.Join('\n', failures)}");
    }

    [Fact]
    public async Task A_Block_Whose_Context_Lacks_A_Type_Its_Client_Reads_Fails()
    {
        List<(string, string)> blocks =
        [
            DocumentBlocks("README.md")[0],
            ("uncovered", """
                using System.Text.Json.Serialization;

                var api = RestService.ForGenerated<IGitHubApi>("https://api.github.com",
                    new RefitSettings { ContentSerializer = new StjContentSerializer(OtherJsonContext.Default) });

                [JsonSerializable(typeof(int))]
                internal sealed partial class OtherJsonContext : JsonSerializerContext;
                """),
        ];

        var failures = await FailuresAsync(blocks, 1);

        Assert.Contains(failures, failure => failure.Contains("RSTJ001", StringComparison.Ordinal));
    }

    /// <summary>The errors, and the RSTJ diagnostics it does not name, of block <paramref name="index"/> compiled after the others' types.</summary>
    private static async Task<List<string>> FailuresAsync(List<(string Name, string Code)> blocks, int index)
    {
        var block = Parse(blocks[index].Code, $"{blocks[index].Name}.cs");
        var trees = new List<SyntaxTree> { Parse(ImplicitUsings, "ImplicitUsings.cs") };
        if (index > 0)
        {
            trees.Add(Parse(QuickStartUsings, "QuickStartUsings.cs"));
        }

        trees.AddRange(blocks.Take(index).Select(earlier => DeclarationsOnly(Parse(earlier.Code, $"{earlier.Name}.cs"))));
        trees.Add(block);

        var diagnostics = await CompileAsync(trees, executable: block.GetCompilationUnitRoot().Members.OfType<GlobalStatementSyntax>().Any());

        return diagnostics
            .Where(d => d.Severity == DiagnosticSeverity.Error || (d.Id.StartsWith("RSTJ", StringComparison.Ordinal) && !blocks[index].Code.Contains(d.Id, StringComparison.Ordinal)))
            .Select(d => d.ToString())
            .ToList();
    }

    [Fact]
    public async Task A_Block_Missing_Its_Using_Fails()
    {
        var trees = new List<SyntaxTree> { Parse(ImplicitUsings, "ImplicitUsings.cs"), Parse("var serializer = new StjContentSerializer();", "Block.cs") };

        var diagnostics = await CompileAsync(trees, executable: true);

        Assert.Contains(diagnostics, d => d.Id == "CS0246");
    }

    private static async Task<IReadOnlyList<Diagnostic>> CompileAsync(List<SyntaxTree> trees, bool executable)
    {
        var options = new CSharpCompilationOptions(executable ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);
        var compilation = CSharpCompilation.Create("ReadmeBlock", trees, CompilationInputs.References, options);
        var generator = Activator.CreateInstance(CompilationInputs.JsonSourceGenerator) switch
        {
            IIncrementalGenerator incremental => incremental.AsSourceGenerator(),
            var other => (ISourceGenerator)other!,
        };
        CSharpGeneratorDriver.Create([generator], parseOptions: s_parseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);
        var analyzed = await generated.WithAnalyzers([new RefitStjAnalyzer()]).GetAllDiagnosticsAsync();
        return [.. generatorDiagnostics, .. analyzed];
    }

    private static SyntaxTree Parse(string code, string path) => CSharpSyntaxTree.ParseText(code, s_parseOptions, path);

    /// <summary>An earlier block as later blocks see it: its usings and types, not its statements.</summary>
    private static SyntaxTree DeclarationsOnly(SyntaxTree tree)
    {
        var root = tree.GetCompilationUnitRoot();
        return tree.WithRootAndOptions(root.RemoveNodes(root.Members.OfType<GlobalStatementSyntax>(), SyntaxRemoveOptions.KeepNoTrivia)!, tree.Options);
    }

    /// <summary>A document's ```csharp blocks in order, each named by the <c>&lt;!-- snippet: name --&gt;</c> line above it.</summary>
    private static List<(string Name, string Code)> DocumentBlocks(string document)
    {
        var lines = File.ReadAllLines(Path.Combine(RepositoryRoot(), document));
        var blocks = new List<(string, string)>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            var marker = i > 0 ? SnippetMarker().Match(lines[i - 1]) : Match.Empty;
            var end = Array.FindIndex(lines, i + 1, line => line.Trim() == "```");
            blocks.Add((marker.Success ? marker.Groups[1].Value : $"line {i + 1}", string.Join('\n', lines[(i + 1)..end])));
        }

        return blocks;
    }

    [Fact]
    public void Every_Rule_ID_Has_A_Docs_Page_Of_Its_Own_Titled_By_It()
    {
        var ids = RefitStjAnalyzer.Rules.SelectMany(rule => rule.SupportedDiagnostics).Select(d => d.Id).Distinct().Order(StringComparer.Ordinal);
        foreach (var id in ids)
        {
            var page = Path.Combine(RepositoryRoot(), "docs", id + ".md");
            Assert.True(File.Exists(page), $"{id} has no docs/{id}.md");
            Assert.StartsWith($"# {id}", File.ReadLines(page).First(), StringComparison.Ordinal);
        }
    }

    private static string RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "RefitStj.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("No RefitStj.sln above the test's directory.");
    }

    [GeneratedRegex(@"^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$")]
    private static partial Regex SnippetMarker();
}
