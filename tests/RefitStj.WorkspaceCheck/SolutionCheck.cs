using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.MSBuild;

namespace RefitStj.WorkspaceCheck;

/// <summary>
/// Usage: SOLUTION RULE... — every project's RefitStj analyzers over its workspace compilation; exit 1 on a workspace
/// load failure, a project reference not held as a compilation (the IDE's shape), AD0001 or a rule not reported.
/// </summary>
internal static class SolutionCheck
{
    public static async Task<int> RunAsync(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: RefitStj.WorkspaceCheck SOLUTION [EXPECTED_RULE...]");
            return 2;
        }

        using var workspace = MSBuildWorkspace.Create();
        var solution = await workspace.OpenSolutionAsync(args[0]).ConfigureAwait(false);
        var failures = new List<string>();
        foreach (var diagnostic in workspace.Diagnostics)
        {
            Console.WriteLine($"workspace: {diagnostic.Kind}: {diagnostic.Message}");
            if (diagnostic.Kind == WorkspaceDiagnosticKind.Failure)
            {
                failures.Add($"workspace: {diagnostic.Message}");
            }
        }

        var reported = new HashSet<string>(StringComparer.Ordinal);
        foreach (var project in solution.Projects.OrderBy(p => p.Name, StringComparer.Ordinal))
        {
            var analyzers = project.AnalyzerReferences
                .Where(reference => Path.GetFileName(reference.FullPath ?? "").StartsWith("RefitStj.Analyzers", StringComparison.Ordinal))
                .SelectMany(reference => reference.GetAnalyzers(LanguageNames.CSharp))
                .ToImmutableArray();
            if (analyzers.IsEmpty || await project.GetCompilationAsync().ConfigureAwait(false) is not { } compilation)
            {
                failures.Add($"{project.Name}: no RefitStj analyzer or no compilation");
                continue;
            }

            // The IDE hands a referenced project to the analyzers as a compilation, not a built assembly: check that shape is the one analysed.
            var references = project.ProjectReferences.Count();
            var asCompilations = compilation.References.OfType<CompilationReference>().Count();
            Console.WriteLine($"{project.Name}: {analyzers.Length} RefitStj analyzer(s), {references} project reference(s), {asCompilations} as compilations, {compilation.SyntaxTrees.Count()} trees");
            if (asCompilations < references)
            {
                failures.Add($"{project.Name}: {references} project reference(s) but {asCompilations} compilation reference(s)");
            }

            var options = new CompilationWithAnalyzersOptions(
                project.AnalyzerOptions, (exception, analyzer, _) => failures.Add($"{project.Name}: {analyzer} threw {exception}"), concurrentAnalysis: true, logAnalyzerExecutionTime: false);
            var diagnostics = await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync().ConfigureAwait(false);
            foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
            {
                var line = diagnostic.Location.GetLineSpan();
                Console.WriteLine($"  {Path.GetFileName(line.Path)}({line.StartLinePosition.Line + 1}): {diagnostic.Severity} {diagnostic.Id}: {diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}");
                reported.Add(diagnostic.Id);
                if (diagnostic.Id == "AD0001")
                {
                    failures.Add($"{project.Name}: {diagnostic}");
                }
            }
        }

        failures.AddRange(args.Skip(1).Where(rule => !reported.Contains(rule)).Select(rule => $"expected {rule}, not reported"));
        foreach (var failure in failures)
        {
            Console.WriteLine($"FAILED: {failure}");
        }

        return failures.Count == 0 ? 0 : 1;
    }
}
