using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Core.Values;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.QueryConversion.QueryConverterRuleTests;

namespace RefitStj.Analyzers.Tests.Core.Clients;

/// <summary>
/// The clients the model reads beyond <c>For&lt;T&gt;</c>: made from a <c>Type</c> (<c>RestService.For(typeof(T), ...)</c>,
/// <c>AddRefitClient(typeof(T), ...)</c>) and through a generic wrapper, whose calls with a known interface are clients of it.
/// </summary>
public sealed class ClientCreationTests
{
    /// <summary>Each line's creations from a <c>Type</c> and through a wrapper; Refit 17 has no registration by <c>Type</c> (it is Refit.HttpClientFactory.Reflection's).</summary>
    public static TheoryData<string> TypeAndWrapperCreations
    {
        get
        {
            var rows = new TheoryData<string>
            {
                "public static ISearchApi Create(HttpClient http) => (ISearchApi)RestService.For(typeof(ISearchApi), http, new RefitSettings(new StjContentSerializer()));",
                "private static T Make<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer()));\npublic static ISearchApi Create(HttpClient http) => Make<ISearchApi>(http);",
            };
            if (!RefitLine.Is17)
            {
                rows.Add("public static void Register(IServiceCollection services) => services.AddRefitClient(typeof(ISearchApi), new RefitSettings(new StjContentSerializer()));");
            }

            return rows;
        }
    }

    [Theory]
    [MemberData(nameof(TypeAndWrapperCreations))]
    public async Task Reports_Clients_Made_From_A_Type_And_Through_A_Generic_Wrapper(string members)
    {
        await Verify.AnalyzerAsync(RuleIds, [Source(members)], Converter());
    }

    [Fact]
    public async Task Is_Silent_For_A_Generic_Wrapper_Called_Only_With_Other_Interfaces()
    {
        var source = SerializerValueTests.Unmarked(Source("private static T Make<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer()));\npublic static IOtherApi Create(HttpClient http) => Make<IOtherApi>(http);"));
        await Verify.AnalyzerAsync(RuleIds, [source]);
    }

    [Fact]
    public async Task Error_Rules_Are_Silent_For_A_Generic_Wrapper_That_Picks_The_Serializer_By_Its_Type_Argument()
    {
        var source = SerializerValueTests.Unmarked(Source("""
            private static T Make<T>(HttpClient http) => typeof(T) == typeof(IStjSearchApi)
                ? RestService.For<T>(http, new RefitSettings(new StjContentSerializer()))
                : RestService.For<T>(http);
            public static ISearchApi Create(HttpClient http) => Make<ISearchApi>(http);
            public static IStjSearchApi CreateStj(HttpClient http) => Make<IStjSearchApi>(http);
            """)) + """

            public interface IStjSearchApi
            {
                [Get("/search")]
                Task<string> Search([QueryConverter(typeof(StjQueryConverter<Filter>))] Filter filter);
            }
            """;
        await Verify.AnalyzerAsync([Descriptors.Rstj005, Descriptors.Rstj006], [source]);
    }
}
