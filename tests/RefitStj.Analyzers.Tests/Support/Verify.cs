using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;
using RefitStj.Analyzers.Rules;

namespace RefitStj.Analyzers.Tests.Support;

/// <summary>Runs the analyzer (and its fix) over sources compiled as a user's project is: nullable on, the System.Text.Json generator run.</summary>
internal static class Verify
{
    /// <summary>An RSTJ001 at a markup location (0 unless given) with the message's arguments, ignoring where the fix would write.</summary>
    public static DiagnosticResult Missing(string method, string direction, string type, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj001MissingType)
            .WithLocation(location)
            .WithArguments(method, direction, type, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    /// <summary>An RSTJ001 for a concrete type of an interface or abstract body, written by its runtime type.</summary>
    public static DiagnosticResult RuntimeTypeMissing(string method, string body, string type, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj001MissingRuntimeType)
            .WithLocation(location)
            .WithArguments(method, body, type, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    /// <summary>An RSTJ001 for the types <c>object</c> values are written as, listed as the message does.</summary>
    public static DiagnosticResult ObjectValuesMissing(string method, string types, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj001MissingObjectValueTypes)
            .WithLocation(location)
            .WithArguments(method, types, context)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    /// <summary>An RSTJ002 at a markup location (0 unless given) for the context, listing <paramref name="differences"/>, ignoring where the fix would write.</summary>
    public static DiagnosticResult Incompatible(string differences, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj002IncompatibleOptions)
            .WithLocation(location)
            .WithArguments(context, differences)
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    public static Task AnalyzerAsync(string source, params DiagnosticResult[] expected) => AnalyzerAsync([source], OutputKind.DynamicallyLinkedLibrary, expected);

    public static Task AnalyzerAsync(string[] sources, OutputKind outputKind, params DiagnosticResult[] expected) =>
        AnalyzerAsync(Descriptors.Rstj001, sources, outputKind, expected);

    /// <summary>Runs the analyzer over <paramref name="sources"/>, expecting <paramref name="expected"/> of the rule <paramref name="ruleId"/> and ignoring the other rules.</summary>
    public static async Task AnalyzerAsync(string ruleId, string[] sources, OutputKind outputKind, params DiagnosticResult[] expected)
    {
        var test = new AnalyzerTest();
        Configure(test, test.TestState, outputKind, ruleId);
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>Runs the analyzer over <paramref name="sources"/>, expecting <paramref name="expected"/> of the rules <paramref name="ruleIds"/> and ignoring the others.</summary>
    public static async Task AnalyzerAsync(string[] ruleIds, string[] sources, params DiagnosticResult[] expected)
    {
        var test = new AnalyzerTest();
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, ruleIds);
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>The same with <paramref name="editorConfig"/> at the project's root.</summary>
    public static async Task AnalyzerAsync(string[] ruleIds, string[] sources, string editorConfig, params DiagnosticResult[] expected)
    {
        var test = new AnalyzerTest();
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, ruleIds);
        for (var i = 0; i < sources.Length; i++)
        {
            test.TestState.Sources.Add(($"/0/Source{i}.cs", RefitLine.Source(sources[i])));
        }

        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>The same in a project that references Refit but not RefitStj.</summary>
    public static async Task AnalyzerWithoutRefitStjAsync(string[] ruleIds, string[] sources, params DiagnosticResult[] expected)
    {
        var test = new AnalyzerTest();
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, ruleIds, reference => !reference.Display!.EndsWith("RefitStj.dll", StringComparison.OrdinalIgnoreCase));
        AddSources(test.TestState, sources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>
    /// <typeparamref name="TFix"/> over the rules <paramref name="ruleIds"/>, one diagnostic at a time and fix-all, the other
    /// rules ignored; the fixed sources must report <paramref name="remaining"/> (another fix's diagnostics) and nothing else.
    /// </summary>
    public static async Task CodeFixAsync<TFix>(
        string[] ruleIds, string[] sources, string[] fixedSources, DiagnosticResult[] expected, int iterations, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None, string[]? preprocessorSymbols = null, DiagnosticResult[]? remaining = null)
        where TFix : CodeFixProvider, new()
    {
        var test = new CodeFixTest<TFix> { NumberOfIncrementalIterations = iterations, CodeFixTestBehaviors = behaviors };
        test.FixedState.ExpectedDiagnostics.AddRange(remaining ?? []);
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, ruleIds);
        if (preprocessorSymbols is not null)
        {
            // The symbols a target framework defines (NET9_0_OR_GREATER for net10.0), as the SDK passes them.
            test.SolutionTransforms.Add((solution, projectId) =>
            {
                var options = (CSharpParseOptions)solution.GetProject(projectId)!.ParseOptions!;
                return solution.WithProjectParseOptions(projectId, options.WithPreprocessorSymbols(preprocessorSymbols));
            });
        }

        AddSources(test.TestState, sources);
        AddSources(test.FixedState, fixedSources);
        test.ExpectedDiagnostics.AddRange(expected);
        await test.RunAsync();
    }

    /// <summary>
    /// Applies the fix to each diagnostic in turn (<paramref name="fixedSources"/>) and fix-all in one go
    /// (<paramref name="fixAllSources"/>, the same unless given); one fix clears every diagnostic of its type.
    /// </summary>
    public static Task CodeFixAsync(
        string[] sources, string[] fixedSources, DiagnosticResult[] expected, string[]? fixAllSources = null, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None) =>
        CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, sources, fixedSources, expected, expected.Select(e => e.MessageArguments![2]).Distinct().Count(), fixAllSources, behaviors);

    /// <summary>
    /// <typeparamref name="TFix"/> applied <paramref name="iterations"/> times, one diagnostic at a time
    /// (<paramref name="fixedSources"/>), and fix-all in one go (<paramref name="fixAllSources"/>, the same unless given);
    /// the diagnostics of rules other than <paramref name="ruleId"/> are ignored.
    /// </summary>
    public static async Task CodeFixAsync<TFix>(
        string ruleId, string[] sources, string[] fixedSources, DiagnosticResult[] expected, int iterations, string[]? fixAllSources = null, CodeFixTestBehaviors behaviors = CodeFixTestBehaviors.None)
        where TFix : CodeFixProvider, new()
    {
        var test = new CodeFixTest<TFix> { NumberOfIncrementalIterations = iterations, CodeFixTestBehaviors = behaviors };
        Configure(test, test.TestState, OutputKind.DynamicallyLinkedLibrary, ruleId);
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
            state.Sources.Add(($"Source{i}.cs", RefitLine.Source(sources[i])));
        }
    }

    private static void Configure(Microsoft.CodeAnalysis.Testing.AnalyzerTest<DefaultVerifier> test, SolutionState state, OutputKind outputKind, string ruleId) =>
        Configure(test, state, outputKind, [ruleId]);

    private static void Configure(Microsoft.CodeAnalysis.Testing.AnalyzerTest<DefaultVerifier> test, SolutionState state, OutputKind outputKind, string[] ruleIds, Func<MetadataReference, bool>? reference = null)
    {
        test.DisabledDiagnostics.AddRange(new RefitStjAnalyzer().SupportedDiagnostics.Select(d => d.Id).Where(id => !ruleIds.Contains(id)).Distinct());
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

    private sealed class AnalyzerTest : CSharpAnalyzerTest<RefitStjAnalyzer, DefaultVerifier>
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }

    private sealed class CodeFixTest<TFix> : CSharpCodeFixTest<RefitStjAnalyzer, TFix, DefaultVerifier>
        where TFix : CodeFixProvider, new()
    {
        protected override IEnumerable<Type> GetSourceGenerators() => [CompilationInputs.JsonSourceGenerator];
    }
}
