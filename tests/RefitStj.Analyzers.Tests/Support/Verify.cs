using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes;

namespace RefitStj.Analyzers.Tests.Support;

/// <summary>Runs the analyzer (and its fix) over sources compiled as a user's project is: nullable on, the System.Text.Json generator run.</summary>
internal static class Verify
{
    /// <summary>An RSTJ001 at a markup location (0 unless given) with the message's arguments, ignoring where the fix would write.</summary>
    public static DiagnosticResult Missing(string method, string direction, string type, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(ContextCoverageAnalyzer.Rule)
            .WithLocation(location)
            .WithArguments(method, direction, type, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    public static Task AnalyzerAsync(string source, params DiagnosticResult[] expected) => AnalyzerAsync([source], OutputKind.DynamicallyLinkedLibrary, expected);

    public static async Task AnalyzerAsync(string[] sources, OutputKind outputKind, params DiagnosticResult[] expected)
    {
        var test = new AnalyzerTest();
        Configure(test, test.TestState, outputKind);
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>
    /// Applies the fix to each diagnostic in turn (<paramref name="fixedSources"/>) and fix-all in one go
    /// (<paramref name="fixAllSources"/>, the same unless given); one fix clears every diagnostic of its type.
    /// </summary>
    public static async Task CodeFixAsync(
        string[] sources, string[] fixedSources, DiagnosticResult[] expected, string[]? fixAllSources = null, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None)
    {
        var types = expected.Select(e => e.MessageArguments![2]).Distinct().Count();
        var test = new CodeFixTest { NumberOfIncrementalIterations = types, CodeFixTestBehaviors = behaviors };
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary);
        AddSources(test.TestState, sources);
        AddSources(test.FixedState, fixedSources);
        if (fixAllSources is not null)
        {
            AddSources(test.BatchFixedState, fixAllSources);
        }

        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    private static void AddSources(SolutionState state, string[] sources)
    {
        for (var i = 0; i < sources.Length; i++)
        {
            state.Sources.Add(($"Source{i}.cs", sources[i]));
        }
    }

    private static void Configure(AnalyzerTest<DefaultVerifier> test, SolutionState state, OutputKind outputKind)
    {
        test.ReferenceAssemblies = new ReferenceAssemblies("net10.0");
        test.TestBehaviors |= TestBehaviors.SkipGeneratedSourcesCheck;
        state.AdditionalReferences.AddRange(CompilationInputs.References);
        state.OutputKind = outputKind;
        test.SolutionTransforms.Add((solution, projectId) =>
        {
            var options = (CSharpCompilationOptions)solution.GetProject(projectId)!.CompilationOptions!;
            return solution.WithProjectCompilationOptions(projectId, options.WithNullableContextOptions(NullableContextOptions.Enable));
        });
    }

    private sealed class AnalyzerTest : CSharpAnalyzerTest<ContextCoverageAnalyzer, DefaultVerifier>
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }

    private sealed class CodeFixTest : CSharpCodeFixTest<ContextCoverageAnalyzer, AddJsonSerializableCodeFix, DefaultVerifier>
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }
}
