using System.Collections.Immutable;
using System.Globalization;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Analyzers.Tests.Corpus;

/// <summary>
/// Consumer projects shaped like real apps (Corpus/Projects, one folder each), compiled with System.Text.Json's generator
/// and analysed by every analyzer the package ships. Each line that must carry a diagnostic says so in a trailing
/// <c>//! RSTJ001 RSTJ002</c> comment (naming a rule no analyzer of the package declares fails the test); any report not marked
/// (false) or marked but not reported (missing) fails the test,
/// which prints, and writes to artifacts/analyzer-corpus.txt, the per-project and per-rule counts.
/// </summary>
public sealed partial class ConsumerCorpusTests
{
    private static readonly string s_projects = Path.Combine(AppContext.BaseDirectory, "Corpus", "Projects");

    // What the SDK's NoWarn silences in every project: a reference built against an older System.Runtime (JSON.NET's) unifies.
    private static readonly ImmutableDictionary<string, ReportDiagnostic> s_sdkNoWarn =
        ImmutableDictionary<string, ReportDiagnostic>.Empty.Add("CS1701", ReportDiagnostic.Suppress).Add("CS1702", ReportDiagnostic.Suppress);

    private readonly ITestOutputHelper _output;

    public ConsumerCorpusTests(ITestOutputHelper output) => _output = output;

    [Fact]
    public async Task Every_Project_Gets_Exactly_The_Marked_Diagnostics()
    {
        var rows = new List<Row>();
        var mismatches = new List<string>();
        foreach (var project in Directory.GetDirectories(s_projects).OrderBy(p => p, StringComparer.Ordinal))
        {
            mismatches.AddRange(await CheckAsync(project, rows));
        }

        var table = Table(rows);
        _output.WriteLine(table);
        Write(table);
        Assert.True(mismatches.Count == 0, string.Join('\n', mismatches) + "\n" + table);
        Assert.Contains(rows, r => r.Expected > 0);
    }

    [Fact]
    public async Task A_Marker_Naming_A_Rule_No_Analyzer_Declares_Fails_The_Corpus()
    {
        var project = Directory.CreateTempSubdirectory("corpus-");
        try
        {
            await File.WriteAllTextAsync(Path.Combine(project.FullName, "Program.cs"), "public static class Program { public static int Answer => 42; } //! RSTJ099\n");

            var mismatches = await CheckAsync(project.FullName, []);

            Assert.Contains($"marker names a rule no analyzer declares: {project.Name}/Program.cs:1 RSTJ099", mismatches);
        }
        finally
        {
            project.Delete(recursive: true);
        }
    }

    /// <summary>The mismatches of one project (false, missing, and markers naming no declared rule); its rows added to <paramref name="rows"/>.</summary>
    private static async Task<List<string>> CheckAsync(string project, List<Row> rows)
    {
        var (expected, reported) = await AnalyzeAsync(project);
        var name = Path.GetFileName(project);
        var mismatches = expected.Where(d => !Declared.Contains(d.Id)).Select(d => $"marker names a rule no analyzer declares: {name}/{d}").ToList();
        foreach (var rule in expected.Concat(reported).Select(d => d.Id).Distinct().OrderBy(id => id, StringComparer.Ordinal))
        {
            var wanted = expected.Where(d => d.Id == rule).ToList();
            var got = reported.Where(d => d.Id == rule).ToList();
            var missing = Subtract(wanted, got);
            var extra = Subtract(got, wanted);
            rows.Add(new Row(name, rule, wanted.Count, got.Count, extra.Count, missing.Count));
            mismatches.AddRange(extra.Select(d => $"false report: {name}/{d}"));
            mismatches.AddRange(missing.Select(d => $"missing report: {name}/{d}"));
        }

        return mismatches;
    }

    /// <summary>The marked and the reported diagnostics of one project, as file:line id.</summary>
    private static async Task<(List<Expected> Expected, List<Expected> Reported)> AnalyzeAsync(string project)
    {
        var files = Directory.GetFiles(project, "*.cs").OrderBy(f => f, StringComparer.Ordinal).ToList();
        var options = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(RefitLine.Source(File.ReadAllText(f)), options, path: Path.GetFileName(f), encoding: Encoding.UTF8)).ToList();
        var compilation = CSharpCompilation.Create(
            Path.GetFileName(project),
            trees,
            CompilationInputs.References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable)
                .WithSpecificDiagnosticOptions(s_sdkNoWarn));
        var generator = ((IIncrementalGenerator)Activator.CreateInstance(CompilationInputs.JsonSourceGenerator)!).AsSourceGenerator();
        CSharpGeneratorDriver.Create([generator], parseOptions: options).RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);

        // A corpus project that does not compile proves nothing.
        var errors = generated.GetDiagnostics().Concat(generatorDiagnostics).Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(errors.Count == 0, $"{Path.GetFileName(project)} does not compile:\n{string.Join('\n', errors)}");

        var analyzers = Analyzers();
        var diagnostics = await generated.WithAnalyzers(analyzers).GetAnalyzerDiagnosticsAsync();

        var reported = diagnostics
            .Select(d => new Expected(d.Location.GetLineSpan().Path, d.Location.GetLineSpan().StartLinePosition.Line + 1, d.Id))
            .ToList();
        var expected = new List<Expected>();
        foreach (var file in files)
        {
            var lines = File.ReadAllLines(file);
            for (var i = 0; i < lines.Length; i++)
            {
                if (Marker().Match(lines[i]) is { Success: true } marker)
                {
                    expected.AddRange(marker.Groups["ids"].Value.Split(' ', StringSplitOptions.RemoveEmptyEntries)
                        .Select(id => new Expected(Path.GetFileName(file), i + 1, id)));
                }
            }
        }

        return (expected, reported);
    }

    /// <summary>The rules the package's analyzers declare: a marker naming another (a typo, a rule not written yet) fails the corpus.</summary>
    private static HashSet<string> Declared { get; } = Analyzers().SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).ToHashSet(StringComparer.Ordinal);

    /// <summary>Every analyzer in the package's analyzer assembly: a rule added later is held to the corpus too.</summary>
    private static ImmutableArray<DiagnosticAnalyzer> Analyzers() =>
        typeof(RefitStjAnalyzer).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToImmutableArray();

    /// <summary><paramref name="from"/> without one occurrence of each item of <paramref name="remove"/>.</summary>
    private static List<Expected> Subtract(List<Expected> from, List<Expected> remove)
    {
        var left = new List<Expected>(from);
        foreach (var item in remove)
        {
            left.Remove(item);
        }

        return left;
    }

    private static string Table(List<Row> rows)
    {
        var text = new StringBuilder();
        text.AppendLine("Analyzer corpus (tests/RefitStj.Analyzers.Tests/Corpus/Projects): expected and actual reports per project and rule");
        text.AppendLine(CultureInfo.InvariantCulture, $"{"project",-20} {"rule",-8} {"expected",8} {"reported",8} {"false",6} {"missing",7}");
        foreach (var row in rows)
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{row.Project,-20} {row.Rule,-8} {row.Expected,8} {row.Reported,8} {row.False,6} {row.Missing,7}");
        }

        foreach (var rule in rows.GroupBy(r => r.Rule).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"{"all",-20} {rule.Key,-8} {rule.Sum(r => r.Expected),8} {rule.Sum(r => r.Reported),8} {rule.Sum(r => r.False),6} {rule.Sum(r => r.Missing),7}");
        }

        return text.ToString();
    }

    /// <summary>Writes the table under the repository's artifacts folder, where .ci/run prints it from.</summary>
    private static void Write(string table)
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "RefitStj.sln")))
            {
                var artifacts = Directory.CreateDirectory(Path.Combine(directory.FullName, "artifacts"));
                File.WriteAllText(Path.Combine(artifacts.FullName, "analyzer-corpus.txt"), table);
                return;
            }
        }
    }

    [GeneratedRegex(@"//!\s*(?<ids>(RSTJ\d{3}\s*)+)$")]
    private static partial Regex Marker();

    private sealed record Expected(string File, int Line, string Id)
    {
        public override string ToString() => $"{File}:{Line} {Id}";
    }

    private sealed record Row(string Project, string Rule, int Expected, int Reported, int False, int Missing);
}
