using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core;

/// <summary>
/// The pairing model (issue 42): the ways users hold a serializer or settings, each followed to the context (RSTJ001
/// reported at the call), and the flows that cannot be followed, where every rule stays silent.
/// </summary>
public sealed class PairingModelTests
{
    private const string GetRepo = """[Get("/repos/{id}")] Task<Repo> GetRepo(int id);""";
    private const string Serializer = "new StjContentSerializer(AppJsonContext.Default)";

    private static readonly DiagnosticResult s_repoMissing = Verify.Missing("IApi.GetRepo", "reads", "Repo");

    /// <summary>Members that hold or make the serializer or settings, and the settings the call is given: each is followed to the context.</summary>
    public static TheoryData<string, string> HeldValues => new()
    {
        { "private static readonly StjContentSerializer s_serializer = " + Serializer + ";", "new RefitSettings(s_serializer)" },
        { "private readonly StjContentSerializer _serializer;\npublic Clients() => _serializer = " + Serializer + ";", "new RefitSettings(_serializer)" },
        { "private readonly RefitSettings _settings;\npublic Clients() { _settings = new RefitSettings(" + Serializer + "); }", "_settings" },
        { "public static StjContentSerializer Shared { get; } = " + Serializer + ";", "new RefitSettings(Shared)" },
        { "private static StjContentSerializer? s_lazy;\npublic static StjContentSerializer Lazy => s_lazy ??= " + Serializer + ";", "new RefitSettings(Lazy)" },
        { "public static RefitSettings Settings => new(" + Serializer + ");", "Settings" },
        { "private static RefitSettings MakeSettings() => new() { ContentSerializer = " + Serializer + " };", "MakeSettings()" },
        { "private static IHttpContentSerializer MakeSerializer() { return " + Serializer + "; }", "new RefitSettings(MakeSerializer())" },
        { "private static readonly AppJsonContext s_context = AppJsonContext.Default;", "new RefitSettings(new StjContentSerializer(s_context))" },
        { "", "new RefitSettings(new StjContentSerializer(AppJsonContext.Default))" },
        { "", "new RefitSettings(new StjContentSerializer(AppJsonContext.Default, allowReflectionFallback: false))" },
    };

    [Theory]
    [MemberData(nameof(HeldValues))]
    public async Task Reports_Through_Fields_Properties_Constructors_And_Helpers(string members, string settings)
    {
        await Verify.AnalyzerAsync(App(members, "", settings), s_repoMissing);
    }

    [Theory]
    [InlineData("IHttpContentSerializer serializer = fast ? " + Serializer + " : new SystemTextJsonContentSerializer();", "new RefitSettings(serializer)")]
    [InlineData("StjContentSerializer? given = null;\nvar serializer = given ?? " + Serializer + ";", "new RefitSettings(serializer)")]
    [InlineData("var serializer = fast switch { true => " + Serializer + ", false => new StjContentSerializer() };", "new RefitSettings(serializer)")]
    [InlineData("object chosen = " + Serializer + ";\nif (chosen is not StjContentSerializer serializer) { throw new InvalidOperationException(); }", "new RefitSettings(serializer)")]
    public async Task Reports_For_Each_Possible_Value_Of_A_Choice(string statements, string settings)
    {
        await Verify.AnalyzerAsync(App("", statements, settings), s_repoMissing);
    }

    [Theory]
    [InlineData("services.AddRefitClient<IApi>(_ => new RefitSettings(" + Serializer + "))")]
    [InlineData("services.AddRefitClient<IApi>(provider => { return new RefitSettings(Shared); })")]
    [InlineData("services.AddKeyedRefitClient<IApi>(\"key\", _ => Settings)")]
    [InlineData("services.AddRefitClient<IApi>(MakeSettings)")]
    public async Task Reports_For_Settings_Built_In_A_Registration_Lambda(string register)
    {
        var members = $$"""
            public static StjContentSerializer Shared { get; } = {{Serializer}};
            public static RefitSettings Settings => new(Shared);
            private static RefitSettings MakeSettings(IServiceProvider provider) => new(Shared);
            public static void Register(IServiceCollection services) => {|#0:{{register}}|};
            """;

        await Verify.AnalyzerAsync(App(members, "", "null!").Replace("{|#0:RestService.ForGenerated<IApi>(http, null!)|}", "null!", StringComparison.Ordinal), s_repoMissing);
    }

    [Theory]
    [InlineData("private static StjContentSerializer s_serializer = " + Serializer + ";\npublic static void Reset() => s_serializer = new StjContentSerializer();", "new RefitSettings(s_serializer)")]
    [InlineData("public static StjContentSerializer Settable { get; set; } = " + Serializer + ";", "new RefitSettings(Settable)")]
    [InlineData("public StjContentSerializer Mutable = " + Serializer + ";", "new RefitSettings(Mutable)")]
    [InlineData("private static readonly RefitSettings s_settings = new(" + Serializer + ");\npublic static void Change() => s_settings.ContentSerializer = new StjContentSerializer();", "s_settings")]
    [InlineData("private static RefitSettings Make(IHttpContentSerializer serializer) => new(serializer);", "Make(" + Serializer + ")")]
    [InlineData("", "new RefitSettings(new StjContentSerializer(AppJsonContext.Default, allowReflectionFallback: true))")]
    [InlineData("", "new RefitSettings(new StjContentSerializer(AppJsonContext.Default, fast))")]
    [InlineData("", "new RefitSettings(new StjContentSerializer().WithContext(AppJsonContext.Default))")]
    [InlineData("", "new RefitSettings(" + Serializer + ").UseStjJsonContext(AppJsonContext.Default)")]
    [InlineData("", "new RefitSettings(new SystemTextJsonContentSerializer())")]
    public async Task Silent_Where_The_Flow_Cannot_Be_Followed_Or_Other_Metadata_Answers(string members, string settings)
    {
        await Verify.AnalyzerAsync(App(members, "", settings).Replace("{|#0:", "", StringComparison.Ordinal).Replace(")|};", ");", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Silent_For_A_Local_Written_On_Two_Paths()
    {
        const string Statements = "RefitSettings settings;\nif (fast) { settings = new RefitSettings(" + Serializer + "); } else { settings = new RefitSettings(); }";

        await Verify.AnalyzerAsync(App("", Statements, "settings").Replace("{|#0:", "", StringComparison.Ordinal).Replace(")|};", ");", StringComparison.Ordinal));
    }

    /// <summary>The app with <paramref name="members"/> in <c>Clients</c> and <paramref name="statements"/> before the marked <c>ForGenerated</c> call.</summary>
    private static string App(string members, string statements, string settings) =>
        Code.App(GetRepo, ["Owner"], "null!").Replace("    public static IApi Create(HttpClient http) => {|#0:null!|};", $$"""
                {{members.Replace("\n", "\n    ", StringComparison.Ordinal)}}

                public IApi Create(HttpClient http, bool fast)
                {
                    {{statements.Replace("\n", "\n        ", StringComparison.Ordinal)}}
                    return {|#0:RestService.ForGenerated<IApi>(http, {{settings}})|};
                }
            """, StringComparison.Ordinal).Replace("public static class Clients", "public sealed class Clients", StringComparison.Ordinal);
}
