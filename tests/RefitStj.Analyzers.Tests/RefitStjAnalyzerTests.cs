using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests;

/// <summary>
/// Recognise once, then rules read: what a rule reports does not depend on which callback ran first. The rules about an
/// interface (RSTJ005) read every client at the compilation's end, those of other files, later files and generic wrappers
/// included, with the analysis concurrent and the files in any order.
/// </summary>
public sealed class RefitStjAnalyzerTests
{
    // The interface and its Refit converter come first, the clients after it in files of their own.
    private static readonly (string Path, string Source)[] s_sources =
    [
        ("Api.cs", """
            using System.Text.Json.Serialization;
            using Refit;

            namespace App;

            public interface ISearchApi
            {
                [Get("/search")]
                Task<string> Search([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter);

                [Get("/items/{id}")]
                Task<Item> Get(int id);
            }

            public sealed class Filter { public string? Name { get; set; } }

            public sealed class Item { public int Id { get; set; } }

            [JsonSourceGenerationOptions(System.Text.Json.JsonSerializerDefaults.General)]
            [JsonSerializable(typeof(Filter))]
            public sealed partial class AppJsonContext : JsonSerializerContext;
            """),
        ("WrapperCalls.cs", """
            namespace App;

            public static class WrapperCalls
            {
                public static ISearchApi Wrapped(HttpClient http) => Wrappers.Make<ISearchApi>(http);
            }
            """),
        ("Wrappers.cs", """
            using Refit;
            using RefitStj;

            namespace App;

            public static class Wrappers
            {
                public static T Make<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer()));
            }
            """),
        ("OnRefitStj.cs", """
            using Refit;
            using RefitStj;

            namespace App;

            public static class OnRefitStj
            {
                public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)));
            }
            """),
        ("OnRefit.cs", """
            using Refit;

            namespace App;

            public static class OnRefit
            {
                public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http);
            }
            """),
        ("GlobalUsings.cs", "global using System.Net.Http;\nglobal using System.Threading.Tasks;\n"),
    ];

    [Fact]
    public async Task Reports_The_Same_Whatever_Order_The_Files_Are_Analysed_In_Concurrently()
    {
        var orders = new[] { s_sources, s_sources.Reverse().ToArray(), [.. s_sources[3..], .. s_sources[..3]] };
        var runs = new List<IReadOnlyList<string>>();
        foreach (var order in orders)
        {
            runs.Add(await AnalyzeAsync(order));
            runs.Add(await AnalyzeAsync(order));
        }

        // The converter: one RSTJ005, which sees the client on Refit's serializer in the last file, so it offers no fix.
        Assert.Equal(
            [
                "Api.cs:9 RSTJ005 (no fix) 'ISearchApi.Search' flattens 'filter' with Refit's SystemTextJsonQueryConverter<Filter>, which throws NotSupportedException at each call on a client over StjContentSerializer, as a client of 'ISearchApi' in this compilation is; a client of 'ISearchApi' may run on Refit's serializer, where StjQueryConverter<Filter> would throw in turn: give every client of the interface the same serializer",
                "OnRefitStj.cs:8 RSTJ001 (fix) 'ISearchApi.Get' reads 'Item' through the content serializer, but 'AppJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Item))] to 'AppJsonContext'",
            ],
            runs[0]);
        Assert.All(runs, run => Assert.Equal(runs[0], run));
    }

    [Fact]
    public async Task Two_Registrations_Chained_From_One_Place_Report_At_The_Inner_One_Every_Time()
    {
        // Both calls start where the chain starts; the interface is in a built assembly, so RSTJ005 goes to the app's
        // first RefitStj client, which must not depend on the order concurrent callbacks handed the two in.
        const string Chain = """
            using Microsoft.Extensions.DependencyInjection;
            using Refit;
            using RefitStj;

            namespace App;

            public static class Chain
            {
                public static void Register(IServiceCollection services) =>
                    services.AddRefitClient<ISearchApi>(_ => new RefitSettings(new StjContentSerializer()), "a").Services.AddRefitClient<ISearchApi>(_ => new RefitSettings(new StjContentSerializer()), "b");
            }
            """;
        var library = TwoProjects.Compile("Contracts", [s_sources[0], s_sources[^1]], []);
        using var image = new MemoryStream();
        Assert.True(library.Emit(image).Success);
        var app = TwoProjects.Compile("App", [("Chain.cs", Chain), s_sources[^1]], [MetadataReference.CreateFromImage(image.ToArray())]);
        // Where the inner call is in the source as compiled on this Refit line (17's registration has a longer name).
        var compiled = RefitLine.Source(Chain);
        var inner = Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(compiled.IndexOf("services.", StringComparison.Ordinal), compiled.IndexOf("\"a\")", StringComparison.Ordinal) + 4);

        var spans = new HashSet<Microsoft.CodeAnalysis.Text.TextSpan>();
        for (var i = 0; i < 20; i++)
        {
            var options = new CompilationWithAnalyzersOptions(new AnalyzerOptions([]), onAnalyzerException: null, concurrentAnalysis: true, logAnalyzerExecutionTime: false);
            var diagnostics = await app.WithAnalyzers([new RefitStjAnalyzer()], options).GetAnalyzerDiagnosticsAsync();
            spans.Add(Assert.Single(diagnostics, d => d.Id == "RSTJ005").Location.SourceSpan);
        }

        Assert.Equal([inner], spans);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_Compilation_Without_Refit_And_RefitStj_Gets_No_Callback_But_The_Start(bool referencesThem)
    {
        // Each file of a solution that never uses Refit costs one symbol lookup, not an operation callback per call.
        const string Source = "namespace App;\n\npublic static class Numbers\n{\n    public static int Twice(int value) => Add(value, value);\n\n    private static int Add(int a, int b) => a + b;\n}\n";
        var references = CompilationInputs.References.Where(r => referencesThem || !Path.GetFileName(r.Display ?? "").StartsWith("Refit", StringComparison.Ordinal));
        var compilation = CSharpCompilation.Create(
            "Plain", [CSharpSyntaxTree.ParseText(Source)], references, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var analyzer = new RefitStjAnalyzer();
        var options = new CompilationWithAnalyzersOptions(new AnalyzerOptions([]), onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true);
        var withAnalyzers = compilation.WithAnalyzers([analyzer], options);

        Assert.Empty(await withAnalyzers.GetAnalyzerDiagnosticsAsync());
        var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None);
        Assert.Equal(1, telemetry.CompilationStartActionsCount);
        var callbacks = telemetry.OperationActionsCount + telemetry.OperationBlockActionsCount + telemetry.CompilationEndActionsCount;
        if (referencesThem)
        {
            Assert.True(callbacks > 0, "with Refit and RefitStj referenced, the analyzer registers its callbacks");
        }
        else
        {
            Assert.Equal(0, callbacks);
        }
    }

    private static async Task<IReadOnlyList<string>> AnalyzeAsync((string Path, string Source)[] sources)
    {
        var compilation = TwoProjects.Compile("App", sources, []);
        var options = new CompilationWithAnalyzersOptions(new AnalyzerOptions([]), onAnalyzerException: null, concurrentAnalysis: true, logAnalyzerExecutionTime: false);
        ImmutableArray<Diagnostic> diagnostics = await compilation.WithAnalyzers([new RefitStjAnalyzer()], options).GetAnalyzerDiagnosticsAsync();
        return diagnostics
            .Select(d => $"{d.Location.GetLineSpan().Path}:{d.Location.GetLineSpan().StartLinePosition.Line + 1} {d.Id} ({(d.Properties.IsEmpty ? "no fix" : "fix")}) {d.GetMessage(CultureInfo.InvariantCulture)}")
            .Order(StringComparer.Ordinal)
            .ToList();
    }

    [Fact]
    public void The_Analyzers_Never_Ask_The_Compilation_For_A_Semantic_Model()
    {
        // RS1030 sees calls only inside the DiagnosticAnalyzer type: this reads every method the assembly can call.
        using var file = File.OpenRead(typeof(RefitStjAnalyzer).Assembly.Location);
        using var pe = new System.Reflection.PortableExecutable.PEReader(file);
        var metadata = System.Reflection.Metadata.PEReaderExtensions.GetMetadataReader(pe);
        var called = metadata.MemberReferences
            .Select(metadata.GetMemberReference)
            .Where(member => member.Parent.Kind == System.Reflection.Metadata.HandleKind.TypeReference)
            .Select(member => $"{metadata.GetString(metadata.GetTypeReference((System.Reflection.Metadata.TypeReferenceHandle)member.Parent).Name)}.{metadata.GetString(member.Name)}")
            .ToHashSet(StringComparer.Ordinal);

        Assert.Contains("SemanticModel.GetOperation", called);
        Assert.DoesNotContain("Compilation.GetSemanticModel", called);
    }

    [Fact]
    public void Every_Rule_Of_The_Assembly_Runs_Once_In_The_Order_Of_Its_IDs()
    {
        var ruleTypes = typeof(RefitStjAnalyzer).Assembly.GetTypes().Where(type => !type.IsAbstract && type.IsSubclassOf(typeof(Rule)));
        var listed = RefitStjAnalyzer.Rules.Select(rule => rule.GetType()).ToList();

        Assert.Equal(ruleTypes.OrderBy(type => type.FullName, StringComparer.Ordinal), listed.OrderBy(type => type.FullName, StringComparer.Ordinal));
        var firstIds = RefitStjAnalyzer.Rules.Select(rule => rule.SupportedDiagnostics.Min(d => d.Id)).ToList();
        Assert.Equal(firstIds.Order(StringComparer.Ordinal), firstIds);
    }
}
