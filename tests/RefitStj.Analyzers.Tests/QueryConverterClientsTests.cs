using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.QueryConverterRuleTests;

namespace RefitStj.Analyzers.Tests;

/// <summary>
/// Which clients RSTJ005 and RSTJ006 read: one report per interface member however often it is closed, no fix where the
/// interface also serves a client of Refit's serializer, RefitStj's converter on such a client, and clients made from a
/// <c>Type</c> or through a generic wrapper.
/// </summary>
public sealed class QueryConverterClientsTests
{
    private const string OnRefitStj = "new RefitSettings(new StjContentSerializer())";

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
        await Verify.AnalyzerAsync(Rules, [source], Converter("IPagedApi.Page", "IPagedApi"));
    }

    [Fact]
    public async Task Names_Both_Clients_And_Offers_No_Fix_Where_The_Interface_Also_Runs_On_Refits_Serializer()
    {
        var source = Source($"""
            public static ISearchApi A(HttpClient http) => RestService.For<ISearchApi>(http, {OnRefitStj});
            public static ISearchApi B(HttpClient http) => RestService.For<ISearchApi>(http);
            """);
        var expected = new DiagnosticResult(Descriptors.QueryConverterOnBoth).WithLocation(0).WithArguments("ISearchApi.Search", "filter", "Filter", "ISearchApi", "ISearchApi");
        await Verify.CodeFixAsync<QueryConverterCodeFix>(Rules, [source], [source], [expected], 0, CodeFixTestBehaviors.SkipLocalDiagnosticCheck);
    }

    [Theory]
    [InlineData("RestService.For<ISearchApi>(http)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new SystemTextJsonContentSerializer()))")]
    [InlineData("RestService.ForGenerated<ISearchApi>(http, AppJsonContext.Default)")]
    public async Task RSTJ006_Reports_RefitStjs_Converter_On_A_Client_Of_Refits_Serializer(string create)
    {
        var source = Source($"public static ISearchApi Create(HttpClient http) => {create};").Replace("SystemTextJsonQueryConverter<Filter>|}", "StjQueryConverter<Filter>|}", StringComparison.Ordinal);
        await Verify.AnalyzerAsync(
            [Descriptors.QueryConverterId, Descriptors.StjQueryConverterOnRefitId],
            [source],
            new DiagnosticResult(Descriptors.StjQueryConverterOnRefit).WithLocation(0).WithArguments("ISearchApi.Search", "filter", "Filter", "ISearchApi"));
    }

    [Theory]
    [InlineData("RestService.For<ISearchApi>(http, flag ? new RefitSettings() : new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.For<ISearchApi>(http, settings)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()))")]
    public async Task RSTJ006_Is_Silent_Where_No_Client_Certainly_Runs_On_Refits_Serializer(string create)
    {
        var source = SoundErrorsTests.Unmarked(Source($"public static ISearchApi Create(HttpClient http, RefitSettings settings, bool flag) => {create};")
            .Replace("SystemTextJsonQueryConverter<Filter>", "StjQueryConverter<Filter>", StringComparison.Ordinal));
        await Verify.AnalyzerAsync([Descriptors.StjQueryConverterOnRefitId], [source]);
    }

    [Theory]
    [InlineData("public static ISearchApi Create(HttpClient http) => (ISearchApi)RestService.For(typeof(ISearchApi), http, new RefitSettings(new StjContentSerializer()));")]
    [InlineData("public static void Register(IServiceCollection services) => services.AddRefitClient(typeof(ISearchApi), new RefitSettings(new StjContentSerializer()));")]
    [InlineData("private static T Make<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer()));\npublic static ISearchApi Create(HttpClient http) => Make<ISearchApi>(http);")]
    public async Task Reports_Clients_Made_From_A_Type_And_Through_A_Generic_Wrapper(string members)
    {
        await Verify.AnalyzerAsync(Rules, [Source(members)], Converter());
    }

    [Fact]
    public async Task Is_Silent_For_A_Generic_Wrapper_Called_Only_With_Other_Interfaces()
    {
        var source = SoundErrorsTests.Unmarked(Source("private static T Make<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer()));\npublic static IOtherApi Create(HttpClient http) => Make<IOtherApi>(http);"));
        await Verify.AnalyzerAsync(Rules, [source]);
    }
}
