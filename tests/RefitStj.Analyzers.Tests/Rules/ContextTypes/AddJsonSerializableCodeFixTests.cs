using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.ContextTypes;

/// <summary>The fix's exact output: one <c>[JsonSerializable(typeof(X))]</c> line after the context's last one, in its style.</summary>
public sealed class AddJsonSerializableCodeFixTests
{
    private const string Client = "RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) })";

    [Fact]
    public async Task Adds_The_Missing_Type_After_The_Last_JsonSerializable_Line()
    {
        var before = Context("""
            /// <summary>The app's metadata.</summary>
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Owner))]
            [JsonSerializable(typeof(Filter))]

            """, """[Get("/repo")] Task<Repo> Get();""");
        var after = Context("""
            /// <summary>The app's metadata.</summary>
            [JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
            [JsonSerializable(typeof(Owner))]
            [JsonSerializable(typeof(Filter))]
            [JsonSerializable(typeof(Repo))]

            """, """[Get("/repo")] Task<Repo> Get();""");

        await Verify.CodeFixAsync([before], [after], [Verify.Missing("IApi.Get", "reads", "Repo")]);
    }

    [Fact]
    public async Task Keeps_A_Documentation_Comment_Above_A_Single_Attribute_Where_It_Is()
    {
        var before = Context("/// <summary>The app's metadata.</summary>\n[JsonSerializable(typeof(Owner))]\n", """[Post("/repo")] Task Add([Body] NewRepo repo);""");
        var after = Context("/// <summary>The app's metadata.</summary>\n[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof(NewRepo))]\n", """[Post("/repo")] Task Add([Body] NewRepo repo);""");

        await Verify.CodeFixAsync([before], [after], [Verify.Missing("IApi.Add", "writes", "NewRepo")]);
    }

    [Theory]
    [InlineData("Task<List<Repo?>>", "List<Repo>", "List<Repo>")]
    [InlineData("Task<int?>", "int?", "int?")]
    [InlineData("Task<Dictionary<string, Page<Repo>>>", "Dictionary<string, Page<Repo>>", "Dictionary<string, Page<Repo>>")]
    [InlineData("Task<Repo[]>", "Repo[]", "Repo[]")]
    public async Task Writes_Generic_Nullable_And_Array_Types_As_The_File_Names_Them(string returnType, string shown, string written)
    {
        var members = $"""[Get("/x")] {returnType} Get();""";

        await Verify.CodeFixAsync(
            [Context("[JsonSerializable(typeof(Owner))]\n", members)],
            [Context($"[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof({written}))]\n", members)],
            [Verify.Missing("IApi.Get", "reads", shown)]);
    }

    [Fact]
    public async Task Names_The_Attribute_And_Qualifies_The_Type_As_The_Context_File_Does()
    {
        var members = """[Get("/repo")] Task<Repo> Get();""";
        var context = """
            namespace App.Json
            {
                [System.Text.Json.Serialization.JsonSerializableAttribute(typeof(App.Owner))]
                internal sealed partial class AppJsonContext : System.Text.Json.Serialization.JsonSerializerContext
                {
                }
            }
            """;
        var fixedContext = """
            namespace App.Json
            {
                [System.Text.Json.Serialization.JsonSerializableAttribute(typeof(App.Owner))]
                [System.Text.Json.Serialization.JsonSerializableAttribute(typeof(Repo))]
                internal sealed partial class AppJsonContext : System.Text.Json.Serialization.JsonSerializerContext
                {
                }
            }
            """;
        var app = Code.App(members, [], Client.Replace("AppJsonContext", "App.Json.AppJsonContext", StringComparison.Ordinal))
            .Replace("internal sealed partial class AppJsonContext : JsonSerializerContext\n{\n}", "", StringComparison.Ordinal);

        await Verify.CodeFixAsync([app, context], [app, fixedContext], [Verify.Missing("IApi.Get", "reads", "Repo")]);
    }

    [Fact]
    public async Task Fix_All_Adds_Every_Missing_Type_Of_Every_Call_Once_In_Name_Order()
    {
        var members = """
            [Get("/repo")] Task<Repo> Get();
            [Post("/repo")] Task<Repo> Add([Body] NewRepo repo);
            [Get("/repos")] Task<List<Repo>> List();
            """;
        var before = Context("[JsonSerializable(typeof(Owner))]\n", members)
            .Replace("|};\n}", "|};\n\n    public static IApi Again(HttpClient http) => {|#1:" + Client + "|};\n}", StringComparison.Ordinal);
        string After(string attributes) => Context("[JsonSerializable(typeof(Owner))]\n" + attributes, members)
            .Replace("{|#0:", "", StringComparison.Ordinal)
            .Replace("|};\n}", ";\n\n    public static IApi Again(HttpClient http) => " + Client + ";\n}", StringComparison.Ordinal);
        DiagnosticResult[] expected =
        [
            Verify.Missing("IApi.Add", "writes", "NewRepo"),
            Verify.Missing("IApi.Add", "writes", "NewRepo", location: 1),
            Verify.Missing("IApi.Get", "reads", "Repo"),
            Verify.Missing("IApi.Get", "reads", "Repo", location: 1),
            Verify.Missing("IApi.List", "reads", "List<Repo>"),
            Verify.Missing("IApi.List", "reads", "List<Repo>", location: 1),
        ];

        // One at a time, each lands after the last; fix-all writes them in name order.
        var oneByOne = After("[JsonSerializable(typeof(NewRepo))]\n[JsonSerializable(typeof(Repo))]\n[JsonSerializable(typeof(List<Repo>))]\n");
        var fixAll = After("[JsonSerializable(typeof(List<Repo>))]\n[JsonSerializable(typeof(NewRepo))]\n[JsonSerializable(typeof(Repo))]\n");

        await Verify.CodeFixAsync([before], [oneByOne], expected, [fixAll]);
    }

    [Fact]
    public async Task Adds_The_Type_A_Generic_Helpers_Call_Needs()
    {
        // Reported at the compilation's end (a non-local diagnostic), at the call that closes the helper: the fix edits the context.
        const string Helper = """

            public static class Helpers
            {
                public static T ForBilling<T>(HttpClient http) => RestService.For<T>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)));
            }
            """;
        var members = """[Get("/repo")] Task<Repo> Get();""";
        var before = Code.App(members, ["Owner"], "Helpers.ForBilling<IApi>(http)") + Helper;
        var after = Code.App(members, ["Owner", "Repo"], "Helpers.ForBilling<IApi>(http)").Replace("{|#0:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal) + Helper;

        await Verify.CodeFixAsync([before], [after], [Verify.Missing("IApi.Get", "reads", "Repo")], behaviors: CodeFixTestBehaviors.SkipLocalDiagnosticCheck);
    }

    /// <summary>The app with <paramref name="attributes"/> (each line ending in a newline) on its context.</summary>
    private static string Context(string attributes, string members) =>
        Code.App(members, []).Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal);
}
