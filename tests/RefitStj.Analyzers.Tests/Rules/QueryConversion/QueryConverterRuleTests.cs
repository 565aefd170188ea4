using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.QueryConversion;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.QueryConversion;

/// <summary>
/// RSTJ005 at Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c> in an interface some client of which certainly runs on
/// RefitStj (it throws there at each call), once per parameter, without a fix where a client may run on Refit's serializer;
/// silence where no client's serializer is certain.
/// </summary>
public sealed class QueryConverterRuleTests
{
    private const string OnRefitStj = "new RefitSettings(new StjContentSerializer())";

    internal static readonly string[] RuleIds = [Descriptors.Rstj005];

    [Theory]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.ForGenerated<ISearchApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.For<ISearchApi>(http, s_settings)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default))")]
    public async Task Reports_Refits_Converter_On_A_Client_That_Runs_On_RefitStj(string create)
    {
        await AnalyzeAsync(Source($"public static ISearchApi Create(HttpClient http) => {create};"), Converter());
    }

    [Theory]
    [InlineData("services.AddRefitClient<ISearchApi>(_ => new RefitSettings(new StjContentSerializer()))")]
    [InlineData("services.AddRefitClient<ISearchApi>(Settings)")]
    [InlineData("services.AddRefitGeneratedClient<ISearchApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    public async Task Reports_Refits_Converter_On_A_Registration_That_Runs_On_RefitStj(string register)
    {
        await AnalyzeAsync(Source($"private static RefitSettings Settings(IServiceProvider provider) => new(new StjContentSerializer());\npublic static void Register(IServiceCollection services) => {register};"), Converter());
    }

    [Fact]
    public async Task Reports_Each_Parameter_Once_Also_Through_An_Inherited_Interface_And_Several_Clients()
    {
        var source = Source("""
            public static IDerivedApi A(HttpClient http) => RestService.For<IDerivedApi>(http, new RefitSettings(new StjContentSerializer()));
            public static ISearchApi B(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()));
            """) + """

            public interface IDerivedApi : ISearchApi
            {
                [Get("/users")]
                Task<string> Users([Query(".", "u")][QueryConverter(typeof({|#1:Refit.SystemTextJsonQueryConverter<Filter>|}))] Filter filter);
            }
            """;
        await AnalyzeAsync(source, Converter(), Converter("IDerivedApi.Users", "IDerivedApi", 1));
        await AnalyzeAsync(source.Replace("public static ISearchApi B", "public static ISearchApi? B", StringComparison.Ordinal).Replace("RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()))", "null", StringComparison.Ordinal), Converter(api: "IDerivedApi"), Converter("IDerivedApi.Users", "IDerivedApi", 1));
    }

    [Theory]
    [InlineData("RestService.For<ISearchApi>(http)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings())")]
    [InlineData("RestService.ForGenerated<ISearchApi>(http, AppJsonContext.Default)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(SystemTextJsonContentSerializer.ForContext(AppJsonContext.Default)))")]
    [InlineData("RestService.For<ISearchApi>(http, settings)")]
    [InlineData("RestService.For<ISearchApi>(http, flag ? settings : new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.For<ISearchApi>(http, flag ? new RefitSettings() : new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.For<IOtherApi>(http, new RefitSettings(new StjContentSerializer()))")]
    public async Task Is_Silent_Where_No_Client_Of_The_Interface_Is_Known_To_Run_On_RefitStj(string create)
    {
        var source = Source($"public static object Create(HttpClient http, RefitSettings settings, bool flag) => {create};")
            .Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);
        await AnalyzeAsync(source);
    }

    [Fact]
    public async Task Is_Silent_For_RefitStjs_Converter()
    {
        var source = Source("public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()));")
            .Replace("{|#0:SystemTextJsonQueryConverter<Filter>|}", "StjQueryConverter<Filter>", StringComparison.Ordinal);
        await AnalyzeAsync(source);
    }

    [Fact]
    public async Task Is_Silent_Under_A_Pragma_That_Would_Otherwise_Report()
    {
        const string Create = "public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()));";
        await AnalyzeAsync(Source(Create), Converter());
        var silenced = Source(Create).Replace(
            "    [Get(\"/search\")]",
            "#pragma warning disable RSTJ005 // this interface's clients are all on Refit's serializer at run time\n    [Get(\"/search\")]",
            StringComparison.Ordinal).Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);
        await AnalyzeAsync(silenced);
    }

    [Fact]
    public async Task Is_Silent_In_A_Project_That_Does_Not_Reference_RefitStj()
    {
        var source = Source("public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new SystemTextJsonContentSerializer()));")
            .Replace("using RefitStj;", string.Empty, StringComparison.Ordinal)
            .Replace("RefitStj.StjContentSerializer", "SystemTextJsonContentSerializer", StringComparison.Ordinal)
            .Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);
        await Verify.AnalyzerWithoutRefitStjAsync(RuleIds, [source]);
    }

    [Fact]
    public async Task Reports_A_Generic_Interface_Closed_Twice_Once()
    {
        var source = Source($"""
            public static IPagedApi<Repo> A(HttpClient http) => RestService.For<IPagedApi<Repo>>(http, {OnRefitStj});
            public static IPagedApi<Owner> B(HttpClient http) => RestService.For<IPagedApi<Owner>>(http, {OnRefitStj});
            """).Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal) + """

            public interface IPagedApi<T>
            {
                [Get("/page")]
                Task<List<T>> Page([QueryConverter(typeof({|#0:SystemTextJsonQueryConverter<Filter>|}))] Filter filter);
            }
            """;
        await Verify.AnalyzerAsync(RuleIds, [source], Converter("IPagedApi.Page", "IPagedApi"));
    }

    [Fact]
    public async Task Names_Both_Clients_And_Offers_No_Fix_Where_The_Interface_Also_Runs_On_Refits_Serializer()
    {
        var source = Source($"""
            public static ISearchApi A(HttpClient http) => RestService.For<ISearchApi>(http, {OnRefitStj});
            public static ISearchApi B(HttpClient http) => RestService.For<ISearchApi>(http);
            """);
        var expected = new DiagnosticResult(Descriptors.Rstj005QueryConverterOnBoth).WithLocation(0).WithArguments("ISearchApi.Search", "filter", "Filter", "ISearchApi", "ISearchApi");
        await Verify.CodeFixAsync<QueryConverterCodeFix>(RuleIds, [source], [source], [expected], 0, CodeFixTestBehaviors.SkipLocalDiagnosticCheck);
    }

    internal static DiagnosticResult Converter(string method = "ISearchApi.Search", string api = "ISearchApi", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj005QueryConverter).WithLocation(location).WithArguments(method, "filter", "Filter", api);

    /// <summary>An app whose <c>ISearchApi.Search</c> flattens its filter with Refit's converter (markup 0), and a class <c>Clients</c> holding <paramref name="members"/>.</summary>
    internal static string Source(string members) => $$"""
        {{Code.Usings}}

        namespace App;

        {{Code.Models}}

        public interface ISearchApi
        {
            [Get("/search")]
            Task<string> Search([QueryConverter(typeof({|#0:SystemTextJsonQueryConverter<Filter>|}))] Filter filter);
        }

        public interface IOtherApi
        {
            [Get("/repos/{id}")]
            Task<Repo> Get(int id);
        }

        [JsonSerializable(typeof(Repo))]
        [JsonSerializable(typeof(Filter))]
        internal sealed partial class AppJsonContext : JsonSerializerContext
        {
        }

        public static class Clients
        {
            private static readonly RefitSettings s_settings = new(new RefitStj.StjContentSerializer());

        {{string.Join('\n', members.Split('\n').Select(line => line.Length == 0 ? line : "    " + line))}}
        }
        """;

    private static Task AnalyzeAsync(string source, params DiagnosticResult[] expected) => Verify.AnalyzerAsync(RuleIds, [source], expected);
}
