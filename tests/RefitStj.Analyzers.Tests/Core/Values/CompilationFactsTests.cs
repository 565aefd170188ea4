using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Values;

/// <summary>
/// Values written in another file: read by that file's own callbacks (no semantic model of another file is asked for)
/// and settled at the compilation's end, so a client reads the same whether its settings sit beside it or elsewhere;
/// a file's own values are still reported live, where the editor analyses one open file.
/// </summary>
public sealed class CompilationFactsTests
{
    private const string GetRepo = """[Get("/repos/{id}")] Task<Repo> GetRepo(int id);""";
    private const string Serializer = "new StjContentSerializer(AppJsonContext.Default)";

    private static readonly DiagnosticResult s_repoMissing = Verify.Missing("IApi.GetRepo", "reads", "Repo");

    private static readonly DiagnosticResult s_throws = new DiagnosticResult(Descriptors.Rstj004ContextThrows).WithLocation(0).WithArguments("RefitSettings.UseJsonContext", "AppJsonContext");

    [Theory]
    [MemberData(nameof(PairingModelTests.HeldValues), MemberType = typeof(PairingModelTests))]
    [InlineData("private static readonly AppJsonContext s_context = AppJsonContext.Default;", "new RefitSettings(new StjContentSerializer(s_context))")]
    [InlineData("private static RefitSettings MakeSettings(IServiceProvider provider) => new(" + Serializer + ");", "MakeSettings(null!)")]
    public async Task A_Value_Written_In_Another_Part_Of_The_Type_Is_Reported_As_In_One_File(string members, string settings)
    {
        await Verify.AnalyzerAsync([App("", settings), Part(members)], OutputKind.DynamicallyLinkedLibrary, s_repoMissing);
    }

    [Theory]
    [InlineData("public static readonly RefitSettings Settings = new(" + Serializer + ");", "Shared.Settings")]
    [InlineData("public static RefitSettings Settings { get; } = new() { ContentSerializer = " + Serializer + " };", "Shared.Settings")]
    [InlineData("public static RefitSettings Make() => new(" + Serializer + ");", "Shared.Make()")]
    [InlineData("public static RefitSettings Make() => Inner();\nprivate static RefitSettings Inner() => s_settings;\nprivate static readonly RefitSettings s_settings = new(Hop.Serializer);", "Shared.Make()")]
    public async Task Settings_Of_Another_Class_In_Another_File_Are_Followed_Through_Every_File(string members, string settings)
    {
        var shared = $$"""
            {{Code.Usings}}

            namespace App;

            public static class Shared
            {
                {{members.Replace("\n", "\n    ", StringComparison.Ordinal)}}
            }
            """;
        var hop = $"{Code.Usings}\n\nnamespace App;\n\npublic static class Hop\n{{\n    public static IHttpContentSerializer Serializer => {Serializer};\n}}\n";
        await Verify.AnalyzerAsync([App("", settings), shared, hop], OutputKind.DynamicallyLinkedLibrary, s_repoMissing);
    }

    [Theory]
    [InlineData("private static StjContentSerializer s_serializer = " + Serializer + ";\nprivate static void Reset() => s_serializer = new StjContentSerializer();")]
    [InlineData("private static StjContentSerializer s_serializer = " + Serializer + ";\nprivate static void Swap(ref StjContentSerializer s) { }\nprivate static void Reset() => Swap(ref s_serializer);")]
    public async Task A_Member_Another_File_Writes_Again_Is_Not_Guessed(string members)
    {
        var split = members.Split('\n');
        var declared = split[0];
        var elsewhere = string.Join('\n', split.Skip(1));
        await Verify.AnalyzerAsync([App(declared, "new RefitSettings(s_serializer)"), Part(elsewhere)], OutputKind.DynamicallyLinkedLibrary);
    }

    [Theory]
    [InlineData("private static int Timeout => s_settings.Buffered ? 1 : 2;", true)]
    [InlineData("private static void Use() => s_settings.ContentSerializer = new Refit.SystemTextJsonContentSerializer();", false)]
    [InlineData("[System.CodeDom.Compiler.GeneratedCode(\"tool\", \"1\")] private static void Use() => s_settings.ContentSerializer = new Refit.SystemTextJsonContentSerializer();", false)]
    [InlineData("[System.CodeDom.Compiler.GeneratedCode(\"tool\", \"1\")] private static RefitSettings Leak() => s_settings;", false)]
    [InlineData("[System.CodeDom.Compiler.GeneratedCode(\"tool\", \"1\")] private static class Resetter { public static void Use() => s_settings.ContentSerializer = null!; }", false)]
    public async Task Settings_Another_Part_Of_The_Type_May_Change_Are_No_Certain_Error(string otherPart, bool throws)
    {
        // Roslyn skips the operations of code marked [GeneratedCode] as it skips generated files: what it does is unknown.
        var app = ThrowsApp("private static readonly RefitSettings s_settings = new(new StjContentSerializer());\n\n    public static RefitSettings Create() => {|#0:s_settings.UseJsonContext(AppJsonContext.Default)|};");
        var part = $"using Refit;\n\nnamespace App;\n\npublic static partial class Clients\n{{\n    {otherPart}\n}}\n";

        await Verify.AnalyzerAsync([Descriptors.Rstj004], [app, part], throws ? [s_throws] : []);
    }

    [Fact]
    public async Task Helpers_In_A_Cycle_Give_Each_Client_The_Same_Answer_Whichever_File_Comes_First()
    {
        // HA returns settings over the context, or what HB returns, which is what HA returns: each client may get the context.
        // Each helper and each client in a file of its own, so the cycle is settled at the end, from either client first.
        static string File(string body) => $"{Code.Usings}\n\nnamespace App;\n\n{body}\n";
        var ha = File("public static class HA\n{\n    public static RefitSettings Make(int i) => i == 0 ? HB.Make(1) : new RefitSettings(new StjContentSerializer(AppJsonContext.Default));\n}");
        var hb = File("public static class HB\n{\n    public static RefitSettings Make(int i) => HA.Make(i + 1);\n}");
        var app = Code.App(GetRepo, ["Owner"], "null!").Replace("{|#0:null!|}", "null!", StringComparison.Ordinal);
        static string Client(string name, string helper, int marker) =>
            File($"public static class {name}\n{{\n    public static IApi Create(HttpClient http) => {{|#{marker}:RestService.For<IApi>(http, {helper}.Make(0))|}};\n}}");
        var repoMissing = new[] { Verify.Missing("IApi.GetRepo", "reads", "Repo", location: 0), Verify.Missing("IApi.GetRepo", "reads", "Repo", location: 1) };

        await Verify.AnalyzerAsync([Client("EntryA", "HA", 0), Client("EntryB", "HB", 1), app, ha, hb], OutputKind.DynamicallyLinkedLibrary, repoMissing);
        await Verify.AnalyzerAsync([Client("EntryB", "HB", 1), Client("EntryA", "HA", 0), app, ha, hb], OutputKind.DynamicallyLinkedLibrary, repoMissing);
    }

    [Fact]
    public async Task A_Generated_Part_Of_The_Type_That_Names_The_Member_Makes_It_Unknown()
    {
        // Generated files are not analysed: a part there that never names the member cannot touch it; one that does might.
        const string Generated = "// <auto-generated/>\nnamespace App;\n\npublic sealed partial class Clients\n{\n    MEMBER\n}\n";
        const string Members = "private StjContentSerializer _serializer = " + Serializer + ";";
        await Verify.AnalyzerAsync(
            [App(Members, "new RefitSettings(_serializer)"), Generated.Replace("MEMBER", "private static int Version => 2;", StringComparison.Ordinal)], OutputKind.DynamicallyLinkedLibrary, s_repoMissing);
        await Verify.AnalyzerAsync(
            [App(Members, "new RefitSettings(_serializer)"), Generated.Replace("MEMBER", "private void Reset() => _serializer = new RefitStj.StjContentSerializer();", StringComparison.Ordinal)],
            OutputKind.DynamicallyLinkedLibrary);
    }

    // The timeouts below only stop a hang; the work is pinned by counting the holders read.
    [Fact(Timeout = 120_000)]
    public async Task Helpers_That_Call_Each_Other_Across_Files_End_Unknown_Each_Read_Once()
    {
        // Six arms each way, twelve deep: followed without settling each helper once, this is 6^12 paths.
        static string Helper(string name, string other) =>
            $"{Code.Usings}\n\nnamespace App;\n\npublic static class {name}\n{{\n    public static RefitSettings Make(int i) => i switch {{ "
            + string.Concat(Enumerable.Range(0, 5).Select(arm => $"{arm} => {other}.Make({arm + 1}), "))
            + $"_ => {other}.Make(0) }};\n}}\n";
        var app = App("", "A.Make(0)").Replace("{|#0:", "", StringComparison.Ordinal).Replace(")|};", ");", StringComparison.Ordinal);
        string[] sources = [app, Helper("A", "B"), Helper("B", "A")];

        Assert.Equal(2, await HolderEvaluationsAsync(sources));
        await Verify.AnalyzerAsync(sources, OutputKind.DynamicallyLinkedLibrary);
    }

    [Theory(Timeout = 120_000)]
    [InlineData(3)]
    [InlineData(30)]
    public async Task A_Ring_Of_Helpers_Across_Files_Is_Settled_As_One_Group_Each_Read_Once(int helpers)
    {
        // Each helper in a file of its own, calling the next three: one cycle through all, 3^helpers paths walked one by one.
        string Helper(int k) =>
            $"{Code.Usings}\n\nnamespace App;\n\npublic static class H{k}\n{{\n    public static RefitSettings Make(int i) => i switch {{ "
            + $"0 => H{(k + 1) % helpers}.Make(1), 1 => H{(k + 2) % helpers}.Make(2), 2 => H{(k + 3) % helpers}.Make(0), "
            + "_ => new RefitSettings(new StjContentSerializer(AppJsonContext.Default)) };\n}\n";
        string[] sources = [App("", "H0.Make(0)"), .. Enumerable.Range(0, helpers).Select(Helper)];

        Assert.Equal(helpers, await HolderEvaluationsAsync(sources));
        await Verify.AnalyzerAsync(sources, OutputKind.DynamicallyLinkedLibrary, s_repoMissing);
    }

    [Fact]
    public async Task A_Holder_Named_Like_Its_Type_Is_Still_Known()
    {
        // `RefitSettings RefitSettings`: the declared type is a name outside every block, and not the holder.
        var app = ThrowsApp("private static readonly RefitSettings RefitSettings = new(new StjContentSerializer());");
        const string Use = "using Refit;\n\nnamespace App;\n\npublic static partial class Clients\n{\n    public static RefitSettings Create() => {|#0:RefitSettings.UseJsonContext(AppJsonContext.Default)|};\n}\n";

        await Verify.AnalyzerAsync([Descriptors.Rstj004], [app, Use], s_throws);
    }

    [Fact]
    public async Task The_Fix_Applies_To_A_Client_Reported_At_The_End()
    {
        // Reported at the compilation's end, the diagnostic is not local to the file: dotnet format and fix-all apply it.
        var before = Code.App("""[Get("/repo")] Task<Repo> Get();""", ["Owner"], "RestService.For<IApi>(http, Shared.Settings)");
        var after = before.Replace("[JsonSerializable(typeof(Owner))]\n", "[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof(Repo))]\n", StringComparison.Ordinal);
        var shared = $"{Code.Usings}\n\nnamespace App;\n\npublic static class Shared\n{{\n    public static readonly RefitSettings Settings = new({Serializer});\n}}\n";

        await Verify.CodeFixAsync([before, shared], [after, shared], [Verify.Missing("IApi.Get", "reads", "Repo")], behaviors: CodeFixTestBehaviors.SkipLocalDiagnosticCheck);
    }

    [Theory]
    [InlineData("using App.Models;", "namespace App.Calls;\n\npublic sealed record Thing(int Id);\n", "Models.Thing")]
    [InlineData("using M = App.Models;", "", "M.Thing")]
    [InlineData("using App.Models;\nusing App.Others;", "", "Models.Thing")]
    public async Task A_Contract_Type_Is_Named_As_CSharp_Names_It_At_The_Call(string usings, string beside, string name)
    {
        // Shadowed, aliased or ambiguous at the call: the name C# would accept there, live or at the end alike.
        const string Types = "namespace App.Models;\n\npublic sealed record Thing(int Id);\n\nnamespace App.Others\n{\n    public sealed record Thing(int Id);\n}\n";
        var api = $$"""
            using System.Threading.Tasks;
            using System.Text.Json.Serialization;
            using Refit;

            namespace App;

            public interface IApi
            {
                [Get("/thing")] Task<App.Models.Thing> Get();
            }

            [JsonSerializable(typeof(int))]
            internal sealed partial class AppJsonContext : JsonSerializerContext
            {
            }

            public static class Shared
            {
                public static readonly RefitSettings Settings = new(new RefitStj.StjContentSerializer(AppJsonContext.Default));
            }
            """;
        foreach (var settings in new[] { "new RefitSettings(new StjContentSerializer(AppJsonContext.Default))", "Shared.Settings" })
        {
            var client = $$"""
                {{usings}}
                using System.Net.Http;
                using Refit;
                using RefitStj;

                namespace App.Calls;

                public static class Make
                {
                    public static IApi Create(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, {{settings}})|};
                }
                """;
            await Verify.AnalyzerAsync([client + (beside.Length == 0 ? "" : "\n" + beside.Replace("namespace App.Calls;\n\n", "", StringComparison.Ordinal)), api, Types.Replace("namespace App.Models;\n\npublic sealed record Thing(int Id);\n\n", "namespace App.Models\n{\n    public sealed record Thing(int Id);\n}\n\n", StringComparison.Ordinal)],
                OutputKind.DynamicallyLinkedLibrary, Verify.Missing("IApi.Get", "reads", name));
        }
    }

    [Fact]
    public async Task An_Open_File_Shows_Its_Own_Clients_Live_And_Those_Over_Another_Files_Settings_At_The_Build()
    {
        var app = App(
            "private static readonly RefitSettings s_here = new(" + Serializer + ");",
            "s_here").Replace("public IApi Create(", "public IApi CreateHere(", StringComparison.Ordinal)
            .Replace("    }\n}", "    }\n\n    public IApi CreateThere(HttpClient http) => RestService.ForGenerated<IApi>(http, Shared.Settings);\n}", StringComparison.Ordinal)
            .Replace("{|#0:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal);
        var shared = $"{Code.Usings}\n\nnamespace App;\n\npublic static class Shared\n{{\n    public static readonly RefitSettings Settings = new({Serializer});\n}}\n";
        var compilation = TwoProjects.Compile("App", [("App.cs", app), ("Shared.cs", shared)], []);
        var analyzers = compilation.WithAnalyzers([new RefitStjAnalyzer()]);
        var appTree = compilation.SyntaxTrees.Single(t => t.FilePath == "App.cs");

        // What the editor runs on an open file: its callbacks, no compilation end.
        var live = await analyzers.GetAnalyzerSemanticDiagnosticsAsync(compilation.GetSemanticModel(appTree), filterSpan: null, CancellationToken.None);
        var build = await analyzers.GetAnalyzerDiagnosticsAsync();

        Assert.Equal(["CreateHere"], MethodsWith(live));
        Assert.Equal(["CreateHere", "CreateThere"], MethodsWith(build));

        IEnumerable<string> MethodsWith(IEnumerable<Diagnostic> diagnostics) => diagnostics
            .Where(d => d.Id == Descriptors.Rstj001)
            .Select(d => d.Location.SourceTree!.GetRoot().FindNode(d.Location.SourceSpan).AncestorsAndSelf().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.MethodDeclarationSyntax>().First().Identifier.Text)
            .Order(StringComparer.Ordinal);
    }

    [Theory]
    [InlineData("new RefitSettings(new StjContentSerializer(AppJsonContext.Default))")]
    [InlineData("Shared.Settings")]
    public async Task A_Runtime_Body_Type_Shadowed_At_The_Call_Is_Named_As_CSharp_Names_It(string settings)
    {
        // The call's own namespace declares a Circle too: the implementation the body may be is Models.Circle there.
        var api = $$"""
            using System.Threading.Tasks;
            using System.Text.Json.Serialization;
            using Refit;

            namespace App;

            public interface IApi
            {
                [Post("/shapes")] Task Add([Body] Models.Shape shape);
            }

            [JsonSerializable(typeof(Models.Shape))]
            internal sealed partial class AppJsonContext : JsonSerializerContext
            {
            }

            public static class Shared
            {
                public static readonly RefitSettings Settings = new(new RefitStj.StjContentSerializer(AppJsonContext.Default));
            }
            """;
        const string Models = "namespace App.Models;\n\npublic abstract class Shape;\n\npublic sealed class Circle : Shape\n{\n    public int Radius { get; set; }\n}\n";
        var client = $$"""
            using System.Net.Http;
            using App.Models;
            using Refit;
            using RefitStj;

            namespace App.Calls;

            public sealed record Circle(int Id);

            public static class Make
            {
                public static IApi Create(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, {{settings}})|};
            }
            """;

        await Verify.AnalyzerAsync([client, api, Models], OutputKind.DynamicallyLinkedLibrary, Verify.RuntimeTypeMissing("IApi.Add", "Shape", "Models.Circle"));
    }

    [Theory]
    [InlineData("private static readonly RefitSettings s_settings = new(new StjContentSerializer(AppJsonContext.Default));", "s_settings")]
    [InlineData("", "Shared.Settings")]
    public async Task A_Type_Is_Named_As_The_Calls_File_Writes_It_Live_Or_At_The_End(string members, string settings)
    {
        // The models' namespace is not imported where the client is made: the message qualifies it from there, either way.
        var models = "namespace App.Models;\n\npublic sealed record Owner(string Login);\npublic sealed record Repo(int Id, string Name, Owner Owner);\n";
        var api = $$"""
            using System.Threading.Tasks;
            using System.Text.Json.Serialization;
            using Refit;

            namespace App;

            public interface IApi
            {
                [Get("/repos/{id}")] Task<System.Collections.Generic.List<Models.Repo>> GetRepos(int id);
            }

            [JsonSerializable(typeof(Models.Owner))]
            internal sealed partial class AppJsonContext : JsonSerializerContext
            {
            }

            public static class Shared
            {
                public static readonly RefitSettings Settings = new(new RefitStj.StjContentSerializer(AppJsonContext.Default));
            }
            """;
        var client = $$"""
            using System.Collections.Generic;
            using System.Net.Http;
            using Refit;
            using RefitStj;

            namespace App.Clients;

            public static class Make
            {
                {{members}}

                public static IApi Create(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, {{settings}})|};
            }
            """;
        await Verify.AnalyzerAsync([client, api, models], OutputKind.DynamicallyLinkedLibrary, Verify.Missing("IApi.GetRepos", "reads", "List<Models.Repo>"));
    }

    /// <summary>A context, a model and one part of a partial <c>Clients</c> holding <paramref name="members"/>: RSTJ004's setting.</summary>
    private static string ThrowsApp(string members) => $$"""
        {{Code.Usings}}

        namespace App;

        public sealed record Repo(int Id);

        [JsonSerializable(typeof(Repo))]
        internal sealed partial class AppJsonContext : JsonSerializerContext
        {
        }

        public static partial class Clients
        {
            {{members}}
        }
        """;

    /// <summary>How many times the analyzer read a holder's facts while settling <paramref name="sources"/>, one compilation.</summary>
    private static async Task<int> HolderEvaluationsAsync(string[] sources)
    {
        var files = sources.Select((source, i) => ($"File{i}.cs", Unmarked(source))).ToArray();
        var compilation = TwoProjects.Compile("App", files, []);
        var evaluations = -1;
        var analyzer = new RefitStjAnalyzer { Settled = facts => evaluations = facts.HolderEvaluations };
        await compilation.WithAnalyzers([analyzer]).GetAnalyzerDiagnosticsAsync();
        return evaluations;
    }

    /// <summary><paramref name="source"/> without the test kit's location markup, as the compiler is to see it.</summary>
    private static string Unmarked(string source)
    {
        TestFileMarkupParser.GetSpans(source, out var output, out ImmutableArray<Microsoft.CodeAnalysis.Text.TextSpan> _);
        return output;
    }

    private static string App(string members, string settings) =>
        Code.App(GetRepo, ["Owner"], "null!").Replace("    public static IApi Create(HttpClient http) => {|#0:null!|};", $$"""
                {{members.Replace("\n", "\n    ", StringComparison.Ordinal)}}

                public IApi Create(HttpClient http)
                {
                    return {|#0:RestService.ForGenerated<IApi>(http, {{settings}})|};
                }
            """, StringComparison.Ordinal).Replace("public static class Clients", "public sealed partial class Clients", StringComparison.Ordinal);

    private static string Part(string members) => $$"""
        {{Code.Usings}}

        namespace App;

        public sealed partial class Clients
        {
            {{members.Replace("\n", "\n    ", StringComparison.Ordinal)}}
        }
        """;
}
