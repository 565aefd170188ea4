using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.Refit16Contexts;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.Refit16Contexts.RefitContextRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.Refit16Contexts;

/// <summary>
/// The RSTJ003 and RSTJ004 fixes' exact output, one call at a time and fix-all, code that then compiles against RefitStj's
/// API, and that draws no other RSTJ rule (RSTJ002 must not push a context's own format to Refit's after the rewrite).
/// </summary>
public sealed class RefitContextCodeFixTests
{
    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default)", "RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, true)", "RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default, true)))")]
    [InlineData("RestService.ForGenerated<IApi>(\"http://localhost\", context: AppJsonContext.Default, allowReflectionFallback: false)", "RestService.ForGenerated<IApi>(\"http://localhost\", new RefitSettings(new StjContentSerializer(AppJsonContext.Default, false)))")]
    [InlineData("RestService.For<IApi>(http, RefitSettings.ForJsonContext(AppJsonContext.Default))", "RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.For<IApi>(http, RefitSettings.ForJsonContext(AppJsonContext.Default, true))", "RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default, true)))")]
    public async Task Rewrites_A_Client_Built_On_Refits_Serializer_To_The_Context_Constructor(string before, string after)
    {
        var forJsonContext = before.StartsWith("RestService.For<", StringComparison.Ordinal);
        var marked = forJsonContext ? before.Replace("RefitSettings.ForJsonContext", "{|#0:RefitSettings.ForJsonContext", StringComparison.Ordinal)[..^1] + "|})" : $"{{|#0:{before}|}}";
        await FixAsync(Create(marked), Create(after, statesDefaults: true), 1, RefitSerializer(forJsonContext ? "RefitSettings.ForJsonContext" : "RestService.ForGenerated"));
    }

    [Theory]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default)", "services.AddRefitGeneratedClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, true)", "services.AddRefitGeneratedClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default, true)))")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, null, \"github\", true)", "services.AddRefitGeneratedClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default, true)), \"github\")")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default)", "services.AddKeyedRefitGeneratedClient<IApi>(\"github\", new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default, null)", "services.AddKeyedRefitGeneratedClient<IApi>(\"github\", new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    public async Task Rewrites_A_Registration_Built_On_Refits_Serializer(string before, string after)
    {
        var method = before.Contains("Keyed", StringComparison.Ordinal) ? "AddKeyedRefitGeneratedClient" : "AddRefitGeneratedClient";
        await FixAsync(Register(before, marked: true), Register(after, statesDefaults: true), 1, RefitSerializer("HttpClientFactoryExtensions." + method));
    }

    [Theory]
    [InlineData("new RefitSettings(new StjContentSerializer()).UseJsonContext(AppJsonContext.Default)", "new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default)", "RefitSettings.UseJsonContext")]
    [InlineData("new RefitSettings(new StjContentSerializer()).UseJsonContext(AppJsonContext.Default, true)", "new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default, true)", "RefitSettings.UseJsonContext")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, new RefitSettings(new StjContentSerializer()))", "RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default))", "RestService.ForGenerated")]
    [InlineData("RestService.ForGenerated<IApi>(\"http://localhost\", AppJsonContext.Default, new RefitSettings(new StjContentSerializer()), true)", "RestService.ForGenerated<IApi>(\"http://localhost\", new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default, true))", "RestService.ForGenerated")]
    public async Task Rewrites_A_Context_Added_To_RefitStj_Settings_To_UseStjJsonContext(string before, string after, string method)
    {
        var wrap = (string call) => before.StartsWith("new", StringComparison.Ordinal) ? $"RestService.For<IApi>(http, {call})" : call;
        var marked = wrap($"{{|#0:{before}|}}");
        await FixAsync(Create(marked), Create(wrap(after)), 1, Throws(method));
    }

    [Theory]
    [InlineData(
        "services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, _ => new RefitSettings(new StjContentSerializer()))",
        "services.AddRefitGeneratedClient<IApi>(_ => new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default))")]
    [InlineData(
        "services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, provider => { var settings = new RefitSettings(new StjContentSerializer()); return settings; }, \"github\", true)",
        "services.AddRefitGeneratedClient<IApi>(provider => { var settings = new RefitSettings(new StjContentSerializer()); return settings.UseStjJsonContext(AppJsonContext.Default, true); }, \"github\")")]
    [InlineData(
        "services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default, settingsAction: _ => new RefitSettings { ContentSerializer = new StjContentSerializer() })",
        "services.AddKeyedRefitGeneratedClient<IApi>(\"github\", settingsAction: _ => new RefitSettings { ContentSerializer = new StjContentSerializer() }.UseStjJsonContext(AppJsonContext.Default))")]
    public async Task Rewrites_A_Registration_Whose_Settings_Action_Returns_RefitStj_Settings(string before, string after)
    {
        var method = before.Contains("Keyed", StringComparison.Ordinal) ? "AddKeyedRefitGeneratedClient" : "AddRefitGeneratedClient";
        await FixAsync(Register(before, marked: true), Register(after), 1, Throws("HttpClientFactoryExtensions." + method));
    }

    [Fact]
    public async Task Fixes_Every_Call_Of_A_Document_At_Once_And_Adds_The_Using_Once()
    {
        const string Before = """
            public static IApi Web(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, AppJsonContext.Default)|};
            public static IApi Pascal(string url) => RestService.For<IApi>(url, {|#1:RefitSettings.ForJsonContext(OtherJsonContext.Default)|});
            public static void Register(IServiceCollection services) => {|#2:services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default)|};
            public static RefitSettings Throws() => {|#3:new RefitSettings(new StjContentSerializer()).UseJsonContext(AppJsonContext.Default)|};
            """;
        const string After = """
            public static IApi Web(HttpClient http) => RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)));
            public static IApi Pascal(string url) => RestService.For<IApi>(url, new RefitSettings(new StjContentSerializer(OtherJsonContext.Default)));
            public static void Register(IServiceCollection services) => services.AddRefitGeneratedClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default)));
            public static RefitSettings Throws() => new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default);
            """;
        var before = WithoutRefitStjUsing(Source(Before.Replace("new StjContentSerializer()", "new RefitStj.StjContentSerializer()", StringComparison.Ordinal)));
        var after = Source(After.Replace("new StjContentSerializer()", "new RefitStj.StjContentSerializer()", StringComparison.Ordinal), appStatesDefaults: true);

        // The fix must add the using: the source it starts from has none (whatever the checkout's line endings), the result one.
        Assert.DoesNotContain("using RefitStj;", before, StringComparison.Ordinal);
        Assert.Single(Regex.Matches(after, @"^using RefitStj;\r?$", RegexOptions.Multiline));

        await FixAsync(
            before,
            after,
            4,
            RefitSerializer("RestService.ForGenerated"),
            RefitSerializer("RefitSettings.ForJsonContext", "OtherJsonContext", 1),
            RefitSerializer("HttpClientFactoryExtensions.AddRefitGeneratedClient", location: 2),
            Throws("RefitSettings.UseJsonContext", location: 3));
    }

    [Fact]
    public async Task States_The_General_Defaults_First_In_An_Attribute_That_States_No_Format()
    {
        const string Bare = "[JsonSerializable(typeof(Repo))]\ninternal sealed partial class AppJsonContext";
        var before = Create("{|#0:RestService.ForGenerated<IApi>(http, AppJsonContext.Default)|}").Replace(Bare, "[JsonSourceGenerationOptions(WriteIndented = true)]\n" + Bare, StringComparison.Ordinal);
        var after = Create("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")
            .Replace(Bare, "[JsonSourceGenerationOptions(JsonSerializerDefaults.General, WriteIndented = true)]\n" + Bare, StringComparison.Ordinal);
        Assert.Contains("WriteIndented = true)]", before, StringComparison.Ordinal);

        await FixAsync(before, after, 1, RefitSerializer("RestService.ForGenerated"));
    }

    [Fact]
    public async Task States_The_Defaults_On_A_Context_Declared_In_Another_File()
    {
        const string Declared = "[JsonSerializable(typeof(Repo))]\ninternal sealed partial class AppJsonContext : JsonSerializerContext\n{\n}\n";
        var client = Create("{|#0:RestService.ForGenerated<IApi>(http, AppJsonContext.Default)|}");
        Assert.Contains(Declared, client, StringComparison.Ordinal);
        var context = $"{Code.Usings}\n\nnamespace App;\n\n{Declared}";
        var fixedContext = $"{Code.Usings}\n\nnamespace App;\n\n[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]\n{Declared}";

        await Verify.CodeFixAsync<RefitContextCodeFix>(
            RuleIds,
            [client.Replace(Declared, "", StringComparison.Ordinal), context],
            [Create("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))").Replace(Declared, "", StringComparison.Ordinal), fixedContext],
            [RefitSerializer("RestService.ForGenerated")],
            1);
    }

    [Fact]
    public async Task Leaves_The_Attribute_Alone_Where_The_Context_Is_Given_Its_Own_Options()
    {
        // RSTJ002 reads no attribute here (the options given apply): stating its format would say nothing.
        var before = Create("{|#0:RestService.ForGenerated<IApi>(http, new AppJsonContext(new JsonSerializerOptions()))|}");
        var after = Create("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(new AppJsonContext(new JsonSerializerOptions()))))");

        await FixAsync(before, after, 1, RefitSerializer("RestService.ForGenerated"));
    }

    [Fact]
    public async Task Offers_No_Fix_Where_The_Context_Would_Move_Into_The_Settings_Action_As_A_New_Instance()
    {
        var source = Register("services.AddRefitGeneratedClient<IApi>(new AppJsonContext(new JsonSerializerOptions()), _ => new RefitSettings(new StjContentSerializer()))", marked: true);
        await Verify.CodeFixAsync<RefitContextCodeFix>(RuleIds, [source], [source], [Throws("HttpClientFactoryExtensions.AddRefitGeneratedClient")], 0);
    }

    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(OtherJsonContext.Default)))")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default))")]
    public async Task Fixed_Code_Draws_No_Other_RSTJ_Rule(string fixedCall)
    {
        // AppJsonContext as the fix leaves it, General defaults stated (the PascalCase server's), OtherJsonContext web defaults: each is the format the user chose.
        await Verify.AnalyzerAsync(new RefitStjAnalyzer().SupportedDiagnostics.Select(d => d.Id).Distinct().ToArray(), [Create(fixedCall, statesDefaults: true)]);
    }

    private static string Create(string call, bool marked = false, bool statesDefaults = false) =>
        Source($"public static IApi Create(HttpClient http) => {(marked ? $"{{|#0:{call}|}}" : call)};", statesDefaults);

    private static string Register(string call, bool marked = false, bool statesDefaults = false) =>
        Source($"public static void Register(IServiceCollection services) => {(marked ? $"{{|#0:{call}|}}" : call)};", statesDefaults);

    private static string WithoutRefitStjUsing(string source) => Regex.Replace(source, @"^using RefitStj;\r?\n", string.Empty, RegexOptions.Multiline);

    private static Task FixAsync(string before, string after, int iterations, params DiagnosticResult[] expected) =>
        Verify.CodeFixAsync<RefitContextCodeFix>(RuleIds, [before], [after], expected, iterations);
}
