using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.ContextTypes;

/// <summary>The pairing: which calls tie a Refit interface to a context with certainty, and the diagnostic reported there.</summary>
public sealed class ContextCoverageRuleTests
{
    private const string GetRepo = """[Get("/repos/{id}")] Task<Repo> GetRepo(int id);""";
    private const string Serializer = "new StjContentSerializer(AppJsonContext.Default)";

    private static readonly DiagnosticResult s_repoMissing = Verify.Missing("IApi.GetRepo", "reads", "Repo");

    [Fact]
    public async Task Reports_At_The_Call_Naming_Method_Type_And_Fix_With_The_Context_Attribute_As_Additional_Location()
    {
        var source = Code.App(GetRepo, []).Replace("internal sealed partial", "[{|#1:JsonSerializable(typeof(Owner))|}]\ninternal sealed partial", StringComparison.Ordinal);
        var expected = new DiagnosticResult(Descriptors.Rstj001MissingType)
            .WithLocation(0)
            .WithLocation(1)
            .WithMessage("'IApi.GetRepo' reads 'Repo' through the content serializer, but 'AppJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Repo))] to 'AppJsonContext'")
            .WithSeverity(DiagnosticSeverity.Warning);

        await Verify.AnalyzerAsync(source, expected);
    }

    [Fact]
    public async Task Silent_When_The_Context_Declares_Every_Type()
    {
        await Verify.AnalyzerAsync(Code.App(GetRepo, ["Repo"]));
    }

    [Fact]
    public async Task Reports_Each_Missing_Type_Once_Naming_The_First_Method_That_Needs_It()
    {
        var members = """
            [Get("/repos/{id}")] Task<Repo> GetRepo(int id);
            [Get("/repos/{id}/again")] Task<Repo> GetAgain(int id);
            [Post("/repos")] Task<Repo> Create([Body] NewRepo repo);
            """;

        await Verify.AnalyzerAsync(Code.App(members, ["Filter"]), s_repoMissing, Verify.Missing("IApi.Create", "writes", "NewRepo"));
    }

    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("RestService.For<IApi>(\"https://api.test\", new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("RestService.ForGenerated<IApi>(\"https://api.test\", new RefitSettings(" + Serializer + "))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(" + Serializer + ", null) { Buffered = true })")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(new AppJsonContext(new JsonSerializerOptions())) })")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) { MaxResponseBodySize = 1024 } })")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(new AppJsonContext()) })")]
    public async Task Reports_For_Each_Inline_Pairing(string create)
    {
        await Verify.AnalyzerAsync(Code.App(GetRepo, ["Owner"], create), s_repoMissing);
    }

    [Theory]
    [InlineData("services.AddRefitClient<IApi>(new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("services.AddRefitClient<IApi>(new RefitSettings { ContentSerializer = " + Serializer + " }, \"named\")")]
    [InlineData("services.AddKeyedRefitClient<IApi>(\"key\", new RefitSettings { ContentSerializer = " + Serializer + " })")]
    [InlineData("Refit.HttpClientFactoryExtensions.AddRefitGeneratedClient<IApi>(services, new RefitSettings { ContentSerializer = " + Serializer + " })")]
    public async Task Reports_For_Each_HttpClientFactory_Registration(string register)
    {
        var source = Code.App(GetRepo, ["Owner"], "null!").Replace(
            "public static IApi Create(HttpClient http) => {|#0:null!|};",
            $"public static void Register(IServiceCollection services) => {{|#0:{register}|}};",
            StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source, s_repoMissing);
    }

    [Theory]
    [InlineData("var settings = new RefitSettings { ContentSerializer = " + Serializer + " };\nsettings.Buffered = true;\nvar found = settings.ContentSerializer;", "settings")]
    [InlineData("var serializer = " + Serializer + ";\nserializer.ToHttpContent(1).Dispose();", "new RefitSettings { ContentSerializer = serializer }")]
    [InlineData("var serializer = " + Serializer + ";\nvar settings = new RefitSettings(serializer);", "settings")]
    [InlineData("RefitSettings settings;\nsettings = new RefitSettings { ContentSerializer = " + Serializer + " };", "settings")]
    [InlineData("var context = AppJsonContext.Default;", "new RefitSettings { ContentSerializer = new StjContentSerializer(context) }")]
    [InlineData("", "s_settings")]
    [InlineData("", "new RefitSettings { ContentSerializer = s_serializer }")]
    public async Task Reports_Through_Locals_And_Fields_Written_Once(string statements, string settings)
    {
        await Verify.AnalyzerAsync(InMethod(statements, settings), s_repoMissing);
    }

    [Fact]
    public async Task Reports_Through_A_Local_A_Lambda_Captures_In_Top_Level_Statements()
    {
        var program = $$"""
            {{Code.Usings}}
            using App;

            var serializer = {{Serializer}};
            Func<HttpClient, IApi> create = http => {|#0:RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = serializer })|};
            Console.WriteLine(create);
            """;
        var app = Code.App(GetRepo, ["Owner"], "null!").Replace("{|#0:null!|}", "null!", StringComparison.Ordinal);

        await Verify.AnalyzerAsync([program, app], OutputKind.ConsoleApplication, s_repoMissing);
    }

    [Theory]
    [InlineData("var settings = new RefitSettings { ContentSerializer = " + Serializer + " };\nsettings = new RefitSettings();", "settings")]
    [InlineData("var settings = new RefitSettings { ContentSerializer = " + Serializer + " };\nsettings.ContentSerializer = new StjContentSerializer();", "settings")]
    [InlineData("var settings = new RefitSettings { ContentSerializer = " + Serializer + " };\nChange(settings);", "settings")]
    [InlineData("var settings = new RefitSettings { ContentSerializer = " + Serializer + " };\nAction later = () => settings = new RefitSettings();", "settings")]
    [InlineData("var serializer = " + Serializer + ";\nserializer = new StjContentSerializer();", "new RefitSettings { ContentSerializer = serializer }")]
    [InlineData("var serializer = " + Serializer + ";\nReplace(ref serializer);", "new RefitSettings { ContentSerializer = serializer }")]
    public async Task Silent_When_A_Local_Is_Written_Again_Or_Escapes(string statements, string settings)
    {
        await Verify.AnalyzerAsync(InMethod(statements, settings));
    }

    [Theory]
    [InlineData("new RefitSettings()")]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer() }")]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer(new JsonSerializerOptions()) }")]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default.Options) }")]
    [InlineData("new RefitSettings { ContentSerializer = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions { TypeInfoResolver = AppJsonContext.Default }) }")]
    [InlineData("new RefitSettings { ContentSerializer = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions { TypeInfoResolver = System.Text.Json.Serialization.Metadata.JsonTypeInfoResolver.Combine(AppJsonContext.Default) }) }")]
    [InlineData("new RefitSettings(" + Serializer + ") { ContentSerializer = new StjContentSerializer() }")]
    [InlineData("new RefitSettings { ContentSerializer = new SystemTextJsonContentSerializer() }")]
    public async Task Silent_When_The_Serializer_Is_Not_Certainly_Over_The_Context(string settings)
    {
        await Verify.AnalyzerAsync(InMethod("", settings));
    }

    [Fact]
    public async Task Reports_At_Each_Call_Of_A_Generic_Helper_That_Creates_The_Client_Over_The_Context()
    {
        // The helper's own creation has no interface; each call that closes it over one is a client of that interface.
        var source = Code.App(GetRepo, ["Owner"], "Helpers.ForBilling<IApi>(http)") + $$"""

            public static class Helpers
            {
                private static readonly RefitSettings Billing = new() { ContentSerializer = {{Serializer}} };

                public static T ForBilling<T>(HttpClient http) => RestService.For<T>(http, Billing);
            }
            """;

        await Verify.AnalyzerAsync(source, s_repoMissing);
    }

    [Fact]
    public async Task At_A_Generic_Helpers_Call_Names_The_Types_As_The_Calls_File_Writes_Them()
    {
        // The helper's file names Repo as 'Repo'; the call's file does not import App, so the message and typeof say 'App.Repo'.
        var app = Code.App(GetRepo, ["Owner"], "null!").Replace("{|#0:null!|}", "null!", StringComparison.Ordinal) + $$"""

            public static class Helpers
            {
                public static T ForBilling<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings({{Serializer}}));
            }
            """;
        const string Caller = """
            namespace Elsewhere;

            public static class Caller
            {
                public static App.IApi Make(System.Net.Http.HttpClient http) => {|#0:App.Helpers.ForBilling<App.IApi>(http)|};
            }
            """;

        await Verify.AnalyzerAsync([app, Caller], OutputKind.DynamicallyLinkedLibrary, Verify.Missing("IApi.GetRepo", "reads", "App.Repo"));
    }

    [Fact]
    public async Task Reports_At_The_Calls_Of_A_Partial_Generic_Helper()
    {
        // Called through its declaration, the helper holds its creation (and its type parameter) in its implementation.
        var source = Code.App(GetRepo, ["Owner"], "Helpers.ForBilling<IApi>(http)") + $$"""

            public static partial class Helpers
            {
                public static partial T ForBilling<T>(HttpClient http);

                public static partial T ForBilling<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings({{Serializer}}));
            }
            """;

        await Verify.AnalyzerAsync(source, s_repoMissing);
    }

    [Fact]
    public async Task Silent_At_The_Calls_Of_A_Generic_Helper_That_Picks_One_Of_Several_Creations()
    {
        // Which creation a call reaches depends on its type argument, which the analysis does not follow: no guess.
        var source = Code.App(GetRepo, ["Owner"], "null!").Replace("{|#0:null!|}", "Helpers.For<IApi>(http)", StringComparison.Ordinal) + $$"""

            public static class Helpers
            {
                public static T For<T>(HttpClient http) => typeof(T) == typeof(IApi)
                    ? RestService.For<T>(http, new RefitSettings(new StjContentSerializer()))
                    : RestService.For<T>(http, new RefitSettings({{Serializer}}));
            }
            """;

        await Verify.AnalyzerAsync(source);
    }

    [Fact]
    public async Task Silent_For_Other_Calls_That_Take_Settings()
    {
        await Verify.AnalyzerAsync(InMethod("", "new RefitSettings { ContentSerializer = " + Serializer + " }", call: "Take<IApi>"));
    }

    /// <summary>The app with <paramref name="statements"/> before <c>return RestService.ForGenerated&lt;IApi&gt;(http, settings)</c>.</summary>
    private static string InMethod(string statements, string settings, string call = "RestService.ForGenerated<IApi>") =>
        Code.App(GetRepo, ["Owner"], "null!").Replace("    public static IApi Create(HttpClient http) => {|#0:null!|};", $$"""
                private static readonly RefitSettings s_settings = new() { ContentSerializer = {{Serializer}} };
                private static readonly StjContentSerializer s_serializer = {{Serializer}};

                public static IApi Create(HttpClient http)
                {
                    {{statements.Replace("\n", "\n        ", StringComparison.Ordinal)}}
                    return {|#0:{{call}}(http, {{settings}})|};
                }

                private static void Change(RefitSettings settings) => settings.ContentSerializer = new StjContentSerializer();

                private static void Replace(ref StjContentSerializer serializer) => serializer = new StjContentSerializer();

                private static T Take<T>(HttpClient http, RefitSettings settings) => default!;
            """, StringComparison.Ordinal);
}
