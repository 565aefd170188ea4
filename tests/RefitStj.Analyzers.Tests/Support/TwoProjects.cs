using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace RefitStj.Analyzers.Tests.Support;

/// <summary>How the app project sees the contracts project.</summary>
public enum ReferenceShape
{
    /// <summary>The other project's compilation, as an IDE (MSBuildWorkspace) hands it over: its syntax trees are not the app's.</summary>
    Compilation,

    /// <summary>The other project's built assembly, as the command-line build hands it over: symbols without bodies.</summary>
    Metadata,
}

/// <summary>
/// A contracts project and an app project that references it, each compiled with System.Text.Json's generator, and the
/// app analysed by the package's analyzer; an analyzer exception fails the run (the IDE would show it as AD0001).
/// </summary>
internal static class TwoProjects
{
    private static readonly CSharpParseOptions s_parse = new(LanguageVersion.Latest);

    // What the SDK's ImplicitUsings gives each project of tests/RefitStj.TwoProjectApp.
    private static readonly (string Path, string Source) s_implicitUsings = ("GlobalUsings.g.cs", """
        global using System;
        global using System.Collections.Generic;
        global using System.IO;
        global using System.Linq;
        global using System.Net.Http;
        global using System.Threading;
        global using System.Threading.Tasks;
        """);

    /// <summary>A file of tests/RefitStj.TwoProjectApp (copied beside the tests), as a source named by its file name.</summary>
    public static (string Path, string Source) AppFile(string project, string file) =>
        (file, File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "TwoProjectApp", project, file)));

    /// <summary>The analyzer's diagnostics on the app, as <c>file:line id</c>, sorted.</summary>
    public static async Task<IReadOnlyList<string>> AnalyzeAsync((string Path, string Source)[] contracts, (string Path, string Source)[] app, ReferenceShape shape)
    {
        var diagnostics = await DiagnosticsAsync(contracts, app, shape);
        return diagnostics.Select(d => $"{d.Location.GetLineSpan().Path}:{d.Location.GetLineSpan().StartLinePosition.Line + 1} {d.Id}").Order(StringComparer.Ordinal).ToList();
    }

    /// <summary>The analyzer's diagnostics on the app project; each project has the SDK's implicit usings.</summary>
    public static async Task<ImmutableArray<Diagnostic>> DiagnosticsAsync((string Path, string Source)[] contracts, (string Path, string Source)[] app, ReferenceShape shape)
    {
        var library = Compile("Contracts", [.. contracts, s_implicitUsings], []);
        MetadataReference reference = shape == ReferenceShape.Compilation ? library.ToMetadataReference() : Emit(library);
        var application = Compile("App", [.. app, s_implicitUsings], [reference]);
        var exceptions = new List<string>();
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions([]), (exception, analyzer, _) => exceptions.Add($"{analyzer}: {exception}"), concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        var diagnostics = await application.WithAnalyzers([new RefitStjAnalyzer()], options).GetAnalyzerDiagnosticsAsync();
        Assert.True(exceptions.Count == 0, string.Join('\n', exceptions));
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        return diagnostics;
    }

    /// <summary>One project's compilation with the generator's output in it; it must compile.</summary>
    public static Compilation Compile(string name, (string Path, string Source)[] sources, IEnumerable<MetadataReference> references)
    {
        var trees = sources.Select(file => CSharpSyntaxTree.ParseText(RefitLine.Source(file.Source), s_parse, path: file.Path, encoding: Encoding.UTF8));
        var compilation = CSharpCompilation.Create(
            name,
            trees,
            CompilationInputs.References.Concat(references),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        var generator = ((IIncrementalGenerator)Activator.CreateInstance(CompilationInputs.JsonSourceGenerator)!).AsSourceGenerator();
        CSharpGeneratorDriver.Create([generator], parseOptions: s_parse).RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);
        var errors = generated.GetDiagnostics().Concat(generatorDiagnostics).Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, $"{name} does not compile:\n{string.Join('\n', errors)}");
        return generated;
    }

    private static MetadataReference Emit(Compilation compilation)
    {
        using var stream = new MemoryStream();
        var result = compilation.Emit(stream);
        Assert.True(result.Success, string.Join('\n', result.Diagnostics));
        return MetadataReference.CreateFromImage(stream.ToArray());
    }
}
