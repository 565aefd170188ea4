using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Core.Values;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.QueryConversion.QueryConverterRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.QueryConversion;

/// <summary>RSTJ006 at RefitStj's <c>StjQueryConverter&lt;T&gt;</c> in an interface a client of which certainly runs on Refit's serializer, and silence where none certainly does.</summary>
public sealed class StjQueryConverterRuleTests
{
    [Theory]
    [InlineData("RestService.For<ISearchApi>(http)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new SystemTextJsonContentSerializer()))")]
    [InlineData("RestService.ForGenerated<ISearchApi>(http, AppJsonContext.Default)")]
    public async Task Reports_RefitStjs_Converter_On_A_Client_Of_Refits_Serializer(string create)
    {
        var source = Source($"public static ISearchApi Create(HttpClient http) => {create};").Replace("SystemTextJsonQueryConverter<Filter>|}", "StjQueryConverter<Filter>|}", StringComparison.Ordinal);
        await Verify.AnalyzerAsync(
            [Descriptors.Rstj005, Descriptors.Rstj006],
            [source],
            new DiagnosticResult(Descriptors.Rstj006StjQueryConverterOnRefit).WithLocation(0).WithArguments("ISearchApi.Search", "filter", "Filter", "ISearchApi"));
    }

    [Theory]
    [InlineData("RestService.For<ISearchApi>(http, flag ? new RefitSettings() : new RefitSettings(new StjContentSerializer()))")]
    [InlineData("RestService.For<ISearchApi>(http, settings)")]
    [InlineData("RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()))")]
    public async Task Is_Silent_Where_No_Client_Certainly_Runs_On_Refits_Serializer(string create)
    {
        var source = SerializerValueTests.Unmarked(Source($"public static ISearchApi Create(HttpClient http, RefitSettings settings, bool flag) => {create};")
            .Replace("SystemTextJsonQueryConverter<Filter>", "StjQueryConverter<Filter>", StringComparison.Ordinal));
        await Verify.AnalyzerAsync([Descriptors.Rstj006], [source]);
    }
}
