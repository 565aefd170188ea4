using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;
using RefitStj.Analyzers.CodeFixes.Rules.WireOptions;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.ContextTypes;

/// <summary>
/// RSTJ001 for <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c>: the context must cover <c>T</c> (not <c>SseItem&lt;T&gt;</c>) and
/// list <c>SseItemConverter&lt;T&gt;</c> among its converters; the fix adds whichever is missing.
/// </summary>
public sealed class SseItemConvertersTests
{
    private const string Stream = """[Get("/events")] IAsyncEnumerable<System.Net.ServerSentEvents.SseItem<Repo>> Events();""";

    private const string Owners = """[Get("/owners")] IAsyncEnumerable<System.Net.ServerSentEvents.SseItem<Owner>> Owners();""";

    private const string Listed = "[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Repo>) })]\n";

    private static DiagnosticResult NoConverter(string method = "IApi.Events", string data = "Repo", int location = 0) =>
        new DiagnosticResult(Descriptors.Rstj001MissingSseItemConverter)
            .WithLocation(location)
            .WithArguments(method, data, "AppJsonContext")
            .WithOptions(DiagnosticOptions.IgnoreAdditionalLocations);

    [Fact]
    public async Task Data_Type_Declared_And_Converter_Listed_Is_Covered()
    {
        await Verify.AnalyzerAsync(App(Listed + "[JsonSerializable(typeof(Repo))]\n", Stream));
    }

    [Fact]
    public async Task Missing_Data_Type_Is_Reported_As_The_Data_Type_Not_The_SseItem()
    {
        await Verify.AnalyzerAsync(App(Listed + "[JsonSerializable(typeof(Owner))]\n", Stream), Verify.Missing("IApi.Events", "reads", "Repo"));
    }

    [Fact]
    public async Task Missing_Converter_Is_Reported_Once_For_Every_Method_That_Needs_It()
    {
        var members = Stream + "\n" + """[Get("/more")] IAsyncEnumerable<System.Net.ServerSentEvents.SseItem<Repo?>> More();""";

        await Verify.AnalyzerAsync(App("[JsonSerializable(typeof(Repo))]\n", members), NoConverter());
    }

    [Fact]
    public async Task A_Converter_For_Another_Type_Does_Not_Count()
    {
        var options = "[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Owner>) })]\n";

        await Verify.AnalyzerAsync(App(options + "[JsonSerializable(typeof(Repo))]\n", Stream), NoConverter());
    }

    [Fact]
    public async Task Plain_Items_Need_No_Converter()
    {
        await Verify.AnalyzerAsync(App("[JsonSerializable(typeof(Repo))]\n", """[Get("/events")] IAsyncEnumerable<Repo> Events();"""));
    }

    [Fact]
    public async Task Fix_Adds_The_Options_Attribute_When_There_Is_None()
    {
        var before = App("[JsonSerializable(typeof(Repo))]\n", Stream);
        var after = App(Listed + "[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()]);
    }

    [Fact]
    public async Task Fix_Adds_The_Converters_Argument_To_Existing_Options()
    {
        var before = App("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]\n[JsonSerializable(typeof(Repo))]\n", Stream);
        var after = App("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, Converters = new[] { typeof(SseItemConverter<Repo>) })]\n[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()]);
    }

    [Fact]
    public async Task Fix_Extends_The_Options_Attribute_Another_Part_Of_The_Context_Holds()
    {
        // The options on one part, the [JsonSerializable] lines on another: a second options attribute would not compile.
        const string OptionsPart = "using System.Text.Json.Serialization;\nusing RefitStj;\n\nnamespace App;\n\n[JsonSourceGenerationOptions({0})]\ninternal sealed partial class AppJsonContext;\n";
        var before = App("[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync(
            [before, string.Format(System.Globalization.CultureInfo.InvariantCulture, OptionsPart, "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase")],
            [before, string.Format(System.Globalization.CultureInfo.InvariantCulture, OptionsPart, "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, Converters = new[] { typeof(SseItemConverter<Repo>) }")],
            [NoConverter()]);
    }

    [Theory]
    [InlineData("new[] { typeof(SseItemConverter<Owner>) }", "new[] { typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>) }")]
    [InlineData("new Type[] { typeof(SseItemConverter<Owner>) }", "new Type[] { typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>) }")]
    [InlineData("[typeof(SseItemConverter<Owner>)]", "[typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>)]")]
    public async Task Fix_Appends_To_Listed_Converters(string listed, string extended)
    {
        var before = App($"[JsonSourceGenerationOptions(Converters = {listed})]\n[JsonSerializable(typeof(Repo))]\n", Stream);
        var after = App($"[JsonSourceGenerationOptions(Converters = {extended})]\n[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()]);
    }

    [Fact]
    public async Task Fix_Adds_Both_The_Data_Type_And_The_Converter()
    {
        var before = App("[JsonSerializable(typeof(Owner))]\n", Stream);
        var after = App(Listed + "[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter(), Verify.Missing("IApi.Events", "reads", "Repo")]);
    }

    [Fact]
    public async Task Fix_All_Lists_The_Converter_Of_Each_Data_Type_Once()
    {
        // Two data types, and a second call pairing the same context: two diagnostics ask for SseItemConverter<Repo>.
        var members = Owners + "\n" + Stream;
        var before = App("[JsonSerializable(typeof(Repo))]\n", members).Replace("|};\n}", "|};" + Again, StringComparison.Ordinal);
        string After(string converters) =>
            Unmarked(App($"[JsonSourceGenerationOptions(Converters = new[] {{ {converters} }})]\n[JsonSerializable(typeof(Repo))]\n", members).Replace("|};\n}", "|};" + Again, StringComparison.Ordinal));

        // One fix at a time appends in the order the diagnostics are taken; fix-all in name order.
        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, 
            [before],
            [After("typeof(SseItemConverter<Repo>), typeof(SseItemConverter<Owner>)")],
            [NoConverter("IApi.Owners", "Owner"), NoConverter(), NoConverter("IApi.Owners", "Owner", 1), NoConverter(location: 1)],
            iterations: 2,
            [After("typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>)")]);
    }

    [Theory]
    [InlineData("new[] { typeof(RefitObjectConverter) }", "new[] { typeof(RefitObjectConverter), {0}, {1} }")]
    [InlineData("[typeof(RefitObjectConverter)]", "[typeof(RefitObjectConverter), {0}, {1}]")]
    public async Task Fix_All_Merges_The_Converters_Into_The_Users_List_In_Its_Form(string listed, string merged)
    {
        const string Owner = "typeof(SseItemConverter<Owner>)", Repo = "typeof(SseItemConverter<Repo>)";
        var members = Owners + "\n" + Stream;
        var before = App($"[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, Converters = {listed})]\n[JsonSerializable(typeof(Owner))]\n", members);
        string After(string first, string second) =>
            App($"[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, Converters = {merged.Replace("{0}", first, StringComparison.Ordinal).Replace("{1}", second, StringComparison.Ordinal)})]\n[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof(Repo))]\n", members);

        // One fix at a time appends in the order the diagnostics are taken; fix-all in name order.
        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, 
            [before], [After(Repo, Owner)], [NoConverter("IApi.Owners", "Owner"), NoConverter(), Verify.Missing("IApi.Events", "reads", "Repo")], iterations: 3, [After(Owner, Repo)]);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Fix_All_And_The_Options_Fix_Leave_One_Attribute_In_Either_Order(bool converterFirst)
    {
        // As dotnet format applies them: fix-all for one ID, the other analyzed again and its fix-all applied.
        // Each Refit line's options fix: 17's names no converter, so the SSE converter is the list's only entry.
        var incompatible = "names are written as declared, not camelCase (PropertyNamingPolicy); names are read case-sensitively, so camelCase JSON reads as default values (PropertyNameCaseInsensitive)"
            + RefitLine.Pick("; numbers in strings are refused (NumberHandling); enums 'Color', 'Size' go out as numbers, not camelCase strings (RefitEnumConverter<T>); 'object' values read as JsonElement, not inferred (RefitObjectConverter)", "");
        var options = "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true" + RefitLine.Pick(", NumberHandling = JsonNumberHandling.AllowReadingFromString", "");
        var refit = RefitLine.Pick("typeof(RefitObjectConverter), typeof(RefitEnumConverter<Color>), typeof(RefitEnumConverter<Size>)", "");
        const string Sse = "typeof(SseItemConverter<Paint>)";
        var before = PaintApp("");
        var converted = PaintApp($"[JsonSourceGenerationOptions(Converters = new[] {{ {Sse} }})]\n");
        var compatible = PaintApp(refit.Length == 0 ? $"[JsonSourceGenerationOptions({options})]\n" : $"[JsonSourceGenerationOptions({options}, Converters = new[] {{ {refit} }})]\n");
        var after = PaintApp(converterFirst
            ? $"[JsonSourceGenerationOptions(Converters = new[] {{ {string.Join(", ", new[] { Sse, refit }.Where(c => c.Length > 0))} }}, {options})]\n"
            : $"[JsonSourceGenerationOptions({options}, Converters = new[] {{ {string.Join(", ", new[] { refit, Sse }.Where(c => c.Length > 0))} }})]\n");

        if (converterFirst)
        {
            await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, [before], [converted], [NoConverter(data: "Paint")], iterations: 1);
            await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(Descriptors.Rstj002, [converted], [after], [Verify.Incompatible(incompatible)], iterations: 1);
        }
        else
        {
            await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(Descriptors.Rstj002, [before], [compatible], [Verify.Incompatible(incompatible)], iterations: 1);
            await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(Descriptors.Rstj001, [compatible], [after], [NoConverter(data: "Paint")], iterations: 1);
        }

        await Verify.AnalyzerAsync(after);
    }

    /// <summary>An app streaming <c>SseItem&lt;Paint&gt;</c>, whose enums and <c>object</c> values RSTJ002 asks converters for.</summary>
    private static string PaintApp(string options) =>
        App(options + "[JsonSerializable(typeof(Paint))]\n", """[Get("/paint")] IAsyncEnumerable<System.Net.ServerSentEvents.SseItem<Paint>> Events();""") + "\n" + """
            public enum Color { Red, LightGreen }
            public enum Size { Small, Large }
            public sealed record Paint(Color Color, List<Size?> Sizes, Dictionary<string, object> Extra, int Coats);
            """;

    /// <summary>Every diagnostic at <c>{|#1:...|}</c>: the same client created again over the same context.</summary>
    private const string Again = "\n\n    public static IApi Again(HttpClient http) => {|#1:" + Code.ForGenerated + "|};\n}";

    private static string Unmarked(string source) =>
        source.Replace("{|#0:", "", StringComparison.Ordinal).Replace("{|#1:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal);

    /// <summary>The app with <paramref name="attributes"/> (each line ending in a newline) on its context.</summary>
    private static string App(string attributes, string members) =>
        Code.App(members, []).Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal);
}
