using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
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

    /// <summary>An RSTJ001 for a concrete type of an interface or abstract body, written by its runtime type.</summary>
    public static DiagnosticResult RuntimeTypeMissing(string method, string body, string type, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(ContextCoverageAnalyzer.RuntimeTypeRule)
            .WithLocation(location)
            .WithArguments(method, body, type, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    /// <summary>An RSTJ001 for the types <c>object</c> values are written as, listed as the message does.</summary>
    public static DiagnosticResult ObjectValuesMissing(string method, string types, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(ContextCoverageAnalyzer.ObjectValueRule)
            .WithLocation(location)
            .WithArguments(method, types, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    /// <summary>An RSTJ002 at a markup location (0 unless given) for the context, listing <paramref name="differences"/>, ignoring where the fix would write.</summary>
    public static DiagnosticResult Incompatible(string differences, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(CompatibleOptionsAnalyzer.Rule)
            .WithLocation(location)
            .WithArguments(context, differences)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    public static Task AnalyzerAsync(string source, params DiagnosticResult[] expected) => AnalyzerAsync([source], OutputKind.DynamicallyLinkedLibrary, expected);

    public static Task AnalyzerAsync(string[] sources, OutputKind outputKind, params DiagnosticResult[] expected) =>
        AnalyzerAsync<ContextCoverageAnalyzer>(sources, outputKind, expected);

    /// <summary>Runs <typeparamref name="TAnalyzer"/> alone over <paramref name="sources"/>.</summary>
    public static async Task AnalyzerAsync<TAnalyzer>(string[] sources, OutputKind outputKind, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        var test = new AnalyzerTest<TAnalyzer>();
        Configure(test, test.TestState, outputKind);
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>Runs <typeparamref name="TAnalyzer"/> alone over <paramref name="sources"/> with <paramref name="editorConfig"/> at the project's root.</summary>
    public static async Task AnalyzerAsync<TAnalyzer>(string[] sources, string editorConfig, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        var test = new AnalyzerTest<TAnalyzer>();
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary);
        for (var i = 0; i < sources.Length; i++)
        {
            test.TestState.Sources.Add(($"/0/Source{i}.cs", sources[i]));
        }

        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>Runs <typeparamref name="TAnalyzer"/> over <paramref name="sources"/> in a project that references Refit but not RefitStj.</summary>
    public static async Task AnalyzerWithoutRefitStjAsync<TAnalyzer>(string[] sources, params DiagnosticResult[] expected)
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        var test = new AnalyzerTest<TAnalyzer>();
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, reference => !reference.Display!.EndsWith("RefitStj.dll", StringComparison.OrdinalIgnoreCase));
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>
    /// Applies the fix to each diagnostic in turn (<paramref name="fixedSources"/>) and fix-all in one go
    /// (<paramref name="fixAllSources"/>, the same unless given); one fix clears every diagnostic of its type.
    /// </summary>
    public static Task CodeFixAsync(
        string[] sources, string[] fixedSources, DiagnosticResult[] expected, string[]? fixAllSources = null, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None) =>
        CodeFixAsync<ContextCoverageAnalyzer, AddJsonSerializableCodeFix>(sources, fixedSources, expected, expected.Select(e => e.MessageArguments![2]).Distinct().Count(), fixAllSources, behaviors);

    /// <summary>
    /// <typeparamref name="TFix"/> applied <paramref name="iterations"/> times, one diagnostic at a time
    /// (<paramref name="fixedSources"/>), and fix-all in one go (<paramref name="fixAllSources"/>, the same unless given).
    /// </summary>
    public static async Task CodeFixAsync<TAnalyzer, TFix>(
        string[] sources, string[] fixedSources, DiagnosticResult[] expected, int iterations, string[]? fixAllSources = null, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None)
        where TAnalyzer : DiagnosticAnalyzer, new()
        where TFix : CodeFixProvider, new()
    {
        var test = new CodeFixTest<TAnalyzer, TFix> { NumberOfIncrementalIterations = iterations, CodeFixTestBehaviors = behaviors };
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

    private static void Configure(Microsoft.CodeAnalysis.Testing.AnalyzerTest<DefaultVerifier> test, SolutionState state, OutputKind outputKind, Func<MetadataReference, bool>? reference = null)
    {
        test.ReferenceAssemblies = new ReferenceAssemblies("net10.0");
        test.TestBehaviors |= TestBehaviors.SkipGeneratedSourcesCheck;
        state.AdditionalReferences.AddRange(CompilationInputs.References.Where(reference ?? (static _ => true)));
        state.OutputKind = outputKind;
        test.SolutionTransforms.Add((solution, projectId) =>
        {
            var options = (CSharpCompilationOptions)solution.GetProject(projectId)!.CompilationOptions!;
            return solution.WithProjectCompilationOptions(projectId, options.WithNullableContextOptions(NullableContextOptions.Enable));
        });
    }

    private sealed class AnalyzerTest<TAnalyzer> : CSharpAnalyzerTest<TAnalyzer, DefaultVerifier>
        where TAnalyzer : DiagnosticAnalyzer, new()
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }

    private sealed class CodeFixTest<TAnalyzer, TFix> : CSharpCodeFixTest<TAnalyzer, TFix, DefaultVerifier>
        where TAnalyzer : DiagnosticAnalyzer, new()
        where TFix : CodeFixProvider, new()
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }
}
