using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Corpus;

/// <summary>
/// The interface, its models, its context and shared settings in a contracts project, the clients in an app project that
/// references it as a compilation (the IDE) or as a built assembly (the command line): the same reports either way, each
/// inside the app, none from what only the other project's bodies could show, and no analyzer exception.
/// </summary>
public sealed class TwoProjectTests
{
    // The solution CI builds from the package (tests/RefitStj.TwoProjectApp), as written there.
    private static readonly (string Path, string Source)[] s_contracts = [TwoProjects.AppFile("Contracts", "Shop.cs")];
    private static readonly (string Path, string Source)[] s_app = [TwoProjects.AppFile("App", "Clients.cs")];

    // What the every-rule app needs beside the solution's contracts: an interface with RefitStj's converter, a context with every type.
    private const string MoreContracts = """
        using System.Text.Json.Serialization;
        using Refit;
        using RefitStj;

        namespace Contracts;

        public interface ICatalogApi
        {
            [Get("/items")]
            Task<string> Find([Query][QueryConverter(typeof(StjQueryConverter<Filter>))] Filter filter);
        }

        [JsonSerializable(typeof(Order))]
        [JsonSerializable(typeof(Receipt))]
        public sealed partial class PlainJsonContext : JsonSerializerContext;
        """;

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task Reports_At_The_Apps_Client_Whose_Settings_The_App_Shows_And_Nothing_It_Cannot_Know(ReferenceShape shape)
    {
        var reported = await TwoProjects.AnalyzeAsync(s_contracts, s_app, shape);

        Assert.Equal(["Clients.cs:10 RSTJ001", "Clients.cs:10 RSTJ005"], reported);
    }

    private const string EveryRuleApp = """
        using System.Net.Http;
        using Contracts;
        using Refit;
        using RefitStj;

        namespace App;

        public static class Clients
        {
            public static ICatalogApi Catalog(HttpClient http) => RestService.For<ICatalogApi>(http);

            public static IShopApi Plain(HttpClient http) => RestService.For<IShopApi>(http, new RefitSettings(new StjContentSerializer(PlainJsonContext.Default)));

            public static IShopApi Generated(HttpClient http) => RestService.ForGenerated<IShopApi>(http, ShopJsonContext.Default);

            public static RefitSettings Throws() => new RefitSettings(new StjContentSerializer()).UseJsonContext(ShopJsonContext.Default);
        }
        """;

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task Every_Rule_Reports_In_The_App_Over_What_A_Referenced_Project_Declares(ReferenceShape shape)
    {
        var reported = await TwoProjects.AnalyzeAsync([.. s_contracts, ("MoreContracts.cs", MoreContracts)], [("App.cs", EveryRuleApp)], shape);

        Assert.Equal(["App.cs:10 RSTJ006", "App.cs:12 RSTJ002", "App.cs:12 RSTJ005", "App.cs:14 RSTJ003", "App.cs:16 RSTJ004"], reported);
    }

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task Names_The_Type_The_Referenced_Context_Lacks_And_Carries_No_Location_Outside_The_App(ReferenceShape shape)
    {
        var diagnostics = await TwoProjects.DiagnosticsAsync(s_contracts, s_app, shape);

        var missing = Assert.Single(diagnostics, d => d.Id == Descriptors.Rstj001);
        Assert.Contains("'Receipt'", missing.GetMessage(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
        Assert.All(diagnostics.SelectMany(d => d.AdditionalLocations.Prepend(d.Location)), l => Assert.Equal("Clients.cs", l.SourceTree?.FilePath));
    }

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task RSTJ005_At_The_Client_Says_The_Converter_Is_Changed_In_The_Referenced_Project_And_Offers_No_Fix(ReferenceShape shape)
    {
        var diagnostics = await TwoProjects.DiagnosticsAsync(s_contracts, s_app, shape);

        var converter = Assert.Single(diagnostics, d => d.Id == Descriptors.Rstj005);
        var message = converter.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        Assert.Contains("declared in a referenced assembly", message, StringComparison.Ordinal);
        Assert.DoesNotContain("; use StjQueryConverter", message, StringComparison.Ordinal);
        Assert.Empty(converter.Properties);
    }
}
