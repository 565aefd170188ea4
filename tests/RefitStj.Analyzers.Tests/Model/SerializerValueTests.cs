using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests;

/// <summary>
/// The error rules (RSTJ004, RSTJ005, RSTJ006) report only what is certain: settings that code outside their declaring
/// scope can reach (a non-private member, or a private one handed out) may have their serializer replaced there, so they
/// are unknown to those rules; the warnings still read them as written.
/// </summary>
public sealed class SerializerValueTests
{
    private const string Shared = """

        public static class SharedSettings
        {
            public static readonly RefitSettings Settings = new(new StjContentSerializer());

            private static readonly RefitSettings s_private = new(new StjContentSerializer());

            public static RefitSettings HandedOut => s_private;
        }

        public static class Elsewhere
        {
            public static void Replace() => SharedSettings.Settings.ContentSerializer = new SystemTextJsonContentSerializer();
        }
        """;

    [Theory]
    [InlineData("SharedSettings.Settings")]
    [InlineData("SharedSettings.HandedOut")]
    public async Task RSTJ004_Is_Silent_On_Settings_Other_Code_Can_Reach(string settings)
    {
        await Verify.AnalyzerAsync(RefitContextRuleTests.Rules, [RefitContextRuleTests.Source($"public static RefitSettings Create() => {settings}.UseJsonContext(AppJsonContext.Default);") + Shared]);
    }

    [Theory]
    [InlineData("SharedSettings.Settings")]
    [InlineData("SharedSettings.HandedOut")]
    public async Task RSTJ005_Is_Silent_On_A_Client_Whose_Settings_Other_Code_Can_Reach(string settings)
    {
        var source = Unmarked(QueryConverterRuleTests.Source($"public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, {settings});")) + Shared;
        await Verify.AnalyzerAsync(QueryConverterRuleTests.Rules, [source]);
    }

    [Fact]
    public async Task RSTJ004_Still_Reports_Private_Settings_Given_Only_To_Refit()
    {
        await Verify.AnalyzerAsync(
            RefitContextRuleTests.Rules,
            [RefitContextRuleTests.Source("private static readonly RefitSettings s_settings = new(new StjContentSerializer());\npublic static RefitSettings Create() => {|#0:s_settings.UseJsonContext(AppJsonContext.Default)|};")],
            RefitContextRuleTests.Throws("RefitSettings.UseJsonContext"));
    }

    internal static string Unmarked(string source) => source.Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);
}
