using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.Refit16Contexts;

/// <summary>
/// RSTJ003 at each Refit 16 call that builds Refit's own serializer from a context, RSTJ004 where a context is added to
/// settings certainly on RefitStj, and silence everywhere else (the overloads are the same on Refit 16.3.0 and 16.4.0).
/// </summary>
public sealed class RefitContextRuleTests
{
    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default)", "AppJsonContext")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, allowReflectionFallback: true)", "AppJsonContext")]
    [InlineData("RestService.ForGenerated<IApi>(\"http://localhost\", AppJsonContext.Default)", "AppJsonContext")]
    [InlineData("RestService.ForGenerated<IApi>(\"http://localhost\", AppJsonContext.Default, false)", "AppJsonContext")]
    [InlineData("RestService.ForGenerated<IApi>(http, RefitContext.Json)", "RefitContext.Json")]
    public async Task Reports_ForGenerated_With_A_Context_And_No_Settings(string call, string context)
    {
        await AnalyzeAsync($"public static IApi Create(HttpClient http) => {{|#0:{call}|}};", RefitSerializer("RestService.ForGenerated", context));
    }

    [Theory]
    [InlineData("RefitSettings.ForJsonContext(AppJsonContext.Default)")]
    [InlineData("RefitSettings.ForJsonContext(AppJsonContext.Default, true)")]
    public async Task Reports_ForJsonContext(string call)
    {
        await AnalyzeAsync($"public static IApi Create(HttpClient http) => RestService.For<IApi>(http, {{|#0:{call}|}});", RefitSerializer("RefitSettings.ForJsonContext"));
    }

    [Theory]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default)", "AddRefitGeneratedClient")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, allowReflectionFallback: true)", "AddRefitGeneratedClient")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, null)", "AddRefitGeneratedClient")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, null, \"github\", true)", "AddRefitGeneratedClient")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default)", "AddKeyedRefitGeneratedClient")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default, null, null, false)", "AddKeyedRefitGeneratedClient")]
    [InlineData("Refit.HttpClientFactoryExtensions.AddRefitGeneratedClient<IApi>(services, AppJsonContext.Default)", "AddRefitGeneratedClient")]
    public async Task Reports_A_Registration_With_A_Context_And_No_Settings(string call, string method)
    {
        await AnalyzeAsync($"public static void Register(IServiceCollection services) => {{|#0:{call}|}};", RefitSerializer("HttpClientFactoryExtensions." + method));
    }

    [Theory]
    [InlineData("new RefitSettings(new StjContentSerializer()).UseJsonContext(AppJsonContext.Default)")]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer(new JsonSerializerOptions()) }.UseJsonContext(AppJsonContext.Default, true)")]
    [InlineData("new RefitSettings(new StjContentSerializer(OtherJsonContext.Default)).UseJsonContext(AppJsonContext.Default)")]
    public async Task Reports_UseJsonContext_On_Settings_Created_With_RefitStj_As_An_Error(string call)
    {
        await AnalyzeAsync($"public static RefitSettings Create() => {{|#0:{call}|}};", Throws("RefitSettings.UseJsonContext"));
    }

    [Fact]
    public async Task Reports_UseJsonContext_On_A_Settings_Local_Created_With_RefitStj()
    {
        const string Body = """
            public static IApi Create(HttpClient http)
            {
                var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(OtherJsonContext.Default) };
                {|#0:settings.UseJsonContext(AppJsonContext.Default)|};
                return RestService.ForGenerated<IApi>(http, settings);
            }
            """;
        await AnalyzeAsync(Body, Throws("RefitSettings.UseJsonContext"));
    }

    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, settings)")]
    [InlineData("RestService.ForGenerated<IApi>(\"http://localhost\", AppJsonContext.Default, settings, true)")]
    public async Task Reports_ForGenerated_With_A_Context_And_RefitStj_Settings_As_An_Error(string call)
    {
        var body = $$"""
            public static IApi Create(HttpClient http)
            {
                var settings = new RefitSettings(new StjContentSerializer());
                return {|#0:{{call}}|};
            }
            """;
        await AnalyzeAsync(body, Throws("RestService.ForGenerated"));
    }

    [Theory]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, _ => new RefitSettings(new StjContentSerializer()))", "AddRefitGeneratedClient")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, _ => { var s = new RefitSettings(new StjContentSerializer()); return s; }, \"github\", true)", "AddRefitGeneratedClient")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default, _ => new RefitSettings { ContentSerializer = new StjContentSerializer() })", "AddKeyedRefitGeneratedClient")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, Settings)", "AddRefitGeneratedClient")]
    [InlineData("services.AddKeyedRefitGeneratedClient<IApi>(\"github\", AppJsonContext.Default, SettingsBlock, \"github\", true)", "AddKeyedRefitGeneratedClient")]
    public async Task Reports_A_Registration_Whose_Settings_Action_Returns_RefitStj_Settings_As_An_Error(string call, string method)
    {
        // Settings and SettingsBlock: method groups, followed as lambdas are.
        const string Helpers = """
            private static RefitSettings Settings(IServiceProvider provider) => new(new StjContentSerializer());
            private static RefitSettings SettingsBlock(IServiceProvider provider) { var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() }; return settings; }
            """;
        await AnalyzeAsync(Helpers + $"public static void Register(IServiceCollection services) => {{|#0:{call}|}};", Throws("HttpClientFactoryExtensions." + method));
    }

    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(SystemTextJsonContentSerializer.ForContext(AppJsonContext.Default)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new SystemTextJsonContentSerializer(AppJsonContext.Default.Options)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default, true)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer()).UseStjJsonContext(AppJsonContext.Default))")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, new RefitSettings())")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, new RefitSettings(SystemTextJsonContentSerializer.ForContext(OtherJsonContext.Default)))")]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, settings)")]
    [InlineData("RestService.For<IApi>(http, new RefitSettings().UseJsonContext(AppJsonContext.Default))")]
    [InlineData("RestService.For<IApi>(http, settings.UseJsonContext(AppJsonContext.Default))")]
    [InlineData("RestService.For<IApi>(http, (flag ? settings : new RefitSettings(new StjContentSerializer())).UseJsonContext(AppJsonContext.Default))")]
    public async Task Is_Silent_Where_The_Serializer_Is_Written_Or_Not_Known_To_Be_RefitStj(string call)
    {
        await AnalyzeAsync($"public static IApi Create(HttpClient http, RefitSettings settings, bool flag) => {call};");
    }

    [Theory]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, _ => new RefitSettings())")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, _ => settings)")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, provider => provider.GetRequiredService<RefitSettings>())")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, RefitsSettings)")]
    [InlineData("services.AddRefitGeneratedClient<IApi>(AppJsonContext.Default, FromServices)")]
    public async Task Is_Silent_For_Registrations_Whose_Settings_Are_Refits_Or_Not_Followed(string call)
    {
        const string Helpers = """
            private static RefitSettings RefitsSettings(IServiceProvider provider) => new(SystemTextJsonContentSerializer.ForContext(AppJsonContext.Default));
            private static RefitSettings FromServices(IServiceProvider provider) => provider.GetRequiredService<RefitSettings>();
            """;
        await AnalyzeAsync(Helpers + $"public static void Register(IServiceCollection services, RefitSettings settings) => {call};");
    }

    [Theory]
    [InlineData("RestService.ForGenerated<IApi>(http, AppJsonContext.Default, s_settings)", "RestService.ForGenerated")]
    [InlineData("RestService.For<IApi>(http, s_settings.UseJsonContext(AppJsonContext.Default))", "RefitSettings.UseJsonContext")]
    public async Task Reports_Settings_The_Pairing_Model_Follows_Into_A_Field(string call, string method)
    {
        var marked = method == "RestService.ForGenerated" ? $"{{|#0:{call}|}}" : call.Replace("s_settings.UseJsonContext(AppJsonContext.Default)", "{|#0:s_settings.UseJsonContext(AppJsonContext.Default)|}", StringComparison.Ordinal);
        await AnalyzeAsync($"private static readonly RefitSettings s_settings = new(new StjContentSerializer());\npublic static IApi Create(HttpClient http) => {marked};", Throws(method));
    }

    [Fact]
    public async Task Is_Silent_Under_A_Pragma()
    {
        const string Call = "public static IApi Create(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, AppJsonContext.Default)|};";

        // The same call without the pragma is reported: the silence below is the pragma's, not a rule that never spoke.
        await AnalyzeAsync(Call, RefitSerializer("RestService.ForGenerated"));
        await AnalyzeAsync($"""
            #pragma warning disable RSTJ003 // this client stays on Refit's serializer
            {Call.Replace("{|#0:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal)}
            #pragma warning restore RSTJ003
            """);
    }

    [Fact]
    public async Task Is_Silent_When_The_EditorConfig_Turns_It_Off()
    {
        const string Call = "public static IApi Create(HttpClient http) => {|#0:RestService.ForGenerated<IApi>(http, AppJsonContext.Default)|};";
        const string Header = "root = true\n\n[*.cs]\n";

        // The same project with the rule at its default severity is reported: the silence below is the .editorconfig's.
        await Verify.AnalyzerAsync(RuleIds, [Source(Call)], Header, RefitSerializer("RestService.ForGenerated"));
        await Verify.AnalyzerAsync(
            RuleIds,
            [Source(Call.Replace("{|#0:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal))],
            Header + "dotnet_diagnostic.RSTJ003.severity = none\n");
    }

    [Fact]
    public async Task Is_Silent_In_A_Project_That_Does_Not_Reference_RefitStj()
    {
        var source = Source("public static IApi Create(HttpClient http) => RestService.ForGenerated<IApi>(http, AppJsonContext.Default);")
            .Replace("using RefitStj;", string.Empty, StringComparison.Ordinal)
            .Replace("StjContentSerializer", "SystemTextJsonContentSerializer", StringComparison.Ordinal);
        await Verify.AnalyzerWithoutRefitStjAsync(RuleIds, [source]);
    }

    /// <summary>The two rules under test; the analyzer's others (RSTJ001, RSTJ002) are ignored.</summary>
    internal static readonly string[] RuleIds = [Descriptors.Rstj003, Descriptors.Rstj004];

    internal static DiagnosticResult RefitSerializer(string method, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj003RefitSerializer).WithLocation(location).WithArguments(method, context);

    internal static DiagnosticResult Throws(string method, string context = "AppJsonContext", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj004ContextThrows).WithLocation(location).WithArguments(method, context);

    /// <summary>
    /// An app with a Refit interface, two contexts and a class <c>Clients</c> holding <paramref name="members"/>;
    /// <paramref name="appStatesDefaults"/>: AppJsonContext as RSTJ003's fix leaves it.
    /// </summary>
    internal static string Source(string members, bool appStatesDefaults = false) => $$"""
        {{Code.Usings}}

        namespace App;

        {{Code.Models}}

        public interface IApi
        {
            [Get("/repos/{id}")]
            Task<Repo> Get(int id);
        }

        {{(appStatesDefaults ? "[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]\n" : "")}}[JsonSerializable(typeof(Repo))]
        internal sealed partial class AppJsonContext : JsonSerializerContext
        {
        }

        [JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
        [JsonSerializable(typeof(Repo))]
        internal sealed partial class OtherJsonContext : JsonSerializerContext
        {
        }

        internal static class RefitContext
        {
            public static JsonSerializerContext Json => AppJsonContext.Default;
        }

        public static class Clients
        {
        {{string.Join('\n', members.Split('\n').Select(line => line.Length == 0 ? line : "    " + line))}}
        }
        """;

    private static Task AnalyzeAsync(string members, params DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync(RuleIds, [Source(members)], expected);
}
