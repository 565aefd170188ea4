using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Rules.QueryConversion;
using RefitStj.Analyzers.Tests.Rules.Refit16Contexts;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Values;

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
        await Verify.AnalyzerAsync(RefitContextRuleTests.RuleIds, [RefitContextRuleTests.Source($"public static RefitSettings Create() => {settings}.UseJsonContext(AppJsonContext.Default);") + Shared]);
    }

    [Theory]
    [InlineData("SharedSettings.Settings")]
    [InlineData("SharedSettings.HandedOut")]
    public async Task RSTJ005_Is_Silent_On_A_Client_Whose_Settings_Other_Code_Can_Reach(string settings)
    {
        var source = Unmarked(QueryConverterRuleTests.Source($"public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, {settings});")) + Shared;
        await Verify.AnalyzerAsync(QueryConverterRuleTests.RuleIds, [source]);
    }

    [Theory]
    [InlineData("var a = new RefitSettings(new StjContentSerializer());\nFunc<RefitSettings> get = () => a;\nget().ContentSerializer = new SystemTextJsonContentSerializer();\nreturn RestService.For<ISearchApi>(http, a);")]
    [InlineData("var a = new RefitSettings(new StjContentSerializer());\nget().ContentSerializer = new SystemTextJsonContentSerializer();\nreturn RestService.For<ISearchApi>(http, a);\nRefitSettings get() => a;")]
    public async Task RSTJ005_Is_Silent_On_A_Local_A_Lambda_Or_Local_Function_Hands_Out(string body)
    {
        var source = Unmarked(QueryConverterRuleTests.Source($"public static ISearchApi Create(HttpClient http)\n{{\n{body}\n}}"));
        await Verify.AnalyzerAsync(QueryConverterRuleTests.RuleIds, [source]);
    }

    [Fact]
    public async Task RSTJ005_Is_Silent_On_A_Local_Both_Given_To_A_Factory_And_Returned()
    {
        var source = Unmarked(QueryConverterRuleTests.Source("""
            private static RefitSettings Make(HttpClient http, out ISearchApi api)
            {
                var a = new RefitSettings(new StjContentSerializer());
                api = RestService.For<ISearchApi>(http, a);
                return a;
            }

            public static ISearchApi Create(HttpClient http)
            {
                Make(http, out var api).ContentSerializer = new SystemTextJsonContentSerializer();
                return api;
            }
            """));
        await Verify.AnalyzerAsync(QueryConverterRuleTests.RuleIds, [source]);
    }

    [Fact]
    public async Task RSTJ006_Is_Silent_On_A_Local_A_Lambda_Hands_Out()
    {
        var source = Unmarked(QueryConverterRuleTests.Source("""
            public static ISearchApi Create(HttpClient http)
            {
                var a = new RefitSettings();
                Func<RefitSettings> get = () => a;
                get().ContentSerializer = new StjContentSerializer();
                return RestService.For<ISearchApi>(http, a);
            }
            """).Replace("SystemTextJsonQueryConverter<Filter>", "StjQueryConverter<Filter>", StringComparison.Ordinal));
        await Verify.AnalyzerAsync([Descriptors.Rstj006], [source]);
    }

    [Fact]
    public async Task RSTJ004_Is_Silent_On_A_Local_A_Lambda_Hands_Out()
    {
        await Verify.AnalyzerAsync(RefitContextRuleTests.RuleIds, [RefitContextRuleTests.Source("""
            public static RefitSettings Create()
            {
                var s = new RefitSettings(new StjContentSerializer());
                Func<RefitSettings> get = () => s;
                get().ContentSerializer = new SystemTextJsonContentSerializer();
                s.UseJsonContext(AppJsonContext.Default);
                return new RefitSettings();
            }
            """)]);
    }

    [Fact]
    public async Task RSTJ005_Still_Reports_A_Local_Returned_Fresh_By_A_Settings_Helper()
    {
        var source = QueryConverterRuleTests.Source("""
            private static RefitSettings MakeSettings()
            {
                var a = new RefitSettings(new StjContentSerializer());
                return a;
            }

            public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, MakeSettings());
            """);
        await Verify.AnalyzerAsync(QueryConverterRuleTests.RuleIds, [source], QueryConverterRuleTests.Converter());
    }

    [Fact]
    public async Task RSTJ004_Still_Reports_Private_Settings_Given_Only_To_Refit()
    {
        await Verify.AnalyzerAsync(
            RefitContextRuleTests.RuleIds,
            [RefitContextRuleTests.Source("private static readonly RefitSettings s_settings = new(new StjContentSerializer());\npublic static RefitSettings Create() => {|#0:s_settings.UseJsonContext(AppJsonContext.Default)|};")],
            RefitContextRuleTests.Throws("RefitSettings.UseJsonContext"));
    }

    internal static string Unmarked(string source) => source.Replace("{|#0:", "", StringComparison.Ordinal).Replace("|}", "", StringComparison.Ordinal);
}
