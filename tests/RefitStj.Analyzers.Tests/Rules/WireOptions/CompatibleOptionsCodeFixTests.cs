using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.ContextTypes;
using RefitStj.Analyzers.CodeFixes.Rules.WireOptions;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.WireOptions;

/// <summary>
/// The RSTJ002 fix's exact output: the compatible <c>[JsonSourceGenerationOptions]</c> of the Refit line referenced (16:
/// names, case, numbers and converters; 17: names and case), and a context that then compiles clean.
/// </summary>
public sealed class CompatibleOptionsCodeFixTests
{
    private const string Members = """[Get("/paint")] Task<Paint> Get();""";
    private const string Models = """
        public enum Color { Red, LightGreen }
        public enum Size { Small, Large }
        public sealed record Paint(Color Color, List<Size?> Sizes, Dictionary<string, object> Extra, int Coats);
        """;

    private const string RefitOptions = "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true, NumberHandling = JsonNumberHandling.AllowReadingFromString";
    private const string Names = "names are written as declared, not camelCase (PropertyNamingPolicy)";
    private const string Case = "names are read case-sensitively, so camelCase JSON reads as default values (PropertyNameCaseInsensitive)";
    private const string Numbers = "numbers in strings are refused (NumberHandling)";
    private const string Refit17Options = "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true";
    private const string Refit16Converters = "Converters = new[] { typeof(RefitObjectConverter), typeof(RefitEnumConverter<Color>), typeof(RefitEnumConverter<Size>) }";
    private const string Converters = "enums 'Color', 'Size' go out as numbers, not camelCase strings (RefitEnumConverter<T>); 'object' values read as JsonElement, not inferred (RefitObjectConverter)";

    // Issue 63: RSTJ001's fix adds Order, which alone reaches Delivery and a number; RSTJ002's options count them already.
    private const string OrderMembers = """
        [Get("/product")] Task<Product> Get();
        [Post("/orders")] Task Place([Body] Order order);
        """;

    private const string OrderModels = """
        public enum Kind { Plain, Fancy }
        public enum Delivery { Standard, Express }
        public sealed record Product(string Name, Kind Kind);
        public sealed record Order(int Quantity, Delivery Delivery);
        """;

    // Everything a context with no options misses on the referenced line, and what the fix writes for it.
    private static readonly string s_allDifferences = RefitLine.Pick($"{Names}; {Case}; {Numbers}; {Converters}", $"{Names}; {Case}");
    private static readonly string s_lineOptions = RefitLine.Pick($"{RefitOptions}, {Refit16Converters}", Refit17Options);

    private static readonly string s_orderDifferences = RefitLine.Pick($"{Names}; {Case}; {Numbers}; enums 'Delivery', 'Kind' go out as numbers, not camelCase strings (RefitEnumConverter<T>)", $"{Names}; {Case}");
    private static readonly string s_orderOptions = RefitLine.Pick($"{RefitOptions}, Converters = new[] {{ typeof(RefitEnumConverter<Delivery>), typeof(RefitEnumConverter<Kind>) }}", Refit17Options);

    private static readonly string[] s_bothRules = [Descriptors.Rstj001, Descriptors.Rstj002];

    [Fact]
    public async Task Adds_The_Attribute_Above_The_First_Line_With_Every_Option_And_Converter_The_Context_Needs()
    {
        var before = App("/// <summary>The app's metadata.</summary>\n[JsonSerializable(typeof(Paint))]\n");
        var after = App($"/// <summary>The app's metadata.</summary>\n[JsonSourceGenerationOptions({s_lineOptions})]\n[JsonSerializable(typeof(Paint))]\n");

        await FixAsync([before], [after], Verify.Incompatible(s_allDifferences));
    }

    [Fact]
    public async Task Adds_Only_The_Missing_Arguments_Keeping_The_Users_Own()
    {
        // README's old camelCase-only options: Refit-like, so the rest of Refit's format is still proposed.
        var before = App("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, GenerationMode = JsonSourceGenerationMode.Metadata)]\n[JsonSerializable(typeof(Paint))]\n");
        var added = RefitLine.Pick($"PropertyNameCaseInsensitive = true, NumberHandling = JsonNumberHandling.AllowReadingFromString, {Refit16Converters}", "PropertyNameCaseInsensitive = true");
        var after = App($"[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, GenerationMode = JsonSourceGenerationMode.Metadata, {added})]\n[JsonSerializable(typeof(Paint))]\n");

        await FixAsync([before], [after], Verify.Incompatible(RefitLine.Pick($"{Case}; {Numbers}; {Converters}", Case)));
    }

    [Theory]
    [InlineData("new[] { typeof(RefitEnumConverter<Color>) }", "new[] { typeof(RefitEnumConverter<Color>), typeof(RefitObjectConverter), typeof(RefitEnumConverter<Size>) }")]
    [InlineData("new Type[] { typeof(RefitEnumConverter<Color>) }", "new Type[] { typeof(RefitEnumConverter<Color>), typeof(RefitObjectConverter), typeof(RefitEnumConverter<Size>) }")]
    [InlineData("[typeof(RefitEnumConverter<Color>)]", "[typeof(RefitEnumConverter<Color>), typeof(RefitObjectConverter), typeof(RefitEnumConverter<Size>)]")]
    public async Task Merges_The_Converters_Into_The_Users_List_In_Its_Form(string converters, string merged)
    {
        var before = App($"[JsonSourceGenerationOptions({RefitOptions}, Converters = {converters})]\n[JsonSerializable(typeof(Paint))]\n");
        var after = App($"[JsonSourceGenerationOptions({RefitOptions}, Converters = {merged})]\n[JsonSerializable(typeof(Paint))]\n");

        // Refit 17 wants no converter (enums as numbers, object as JsonElement): the context is left as it is.
        await (RefitLine.Is17
            ? Verify.AnalyzerAsync(Descriptors.Rstj002, [before], Microsoft.CodeAnalysis.OutputKind.DynamicallyLinkedLibrary)
            : FixAsync([before], [after], Verify.Incompatible("enum 'Size' goes out as numbers, not camelCase strings (RefitEnumConverter<T>); 'object' values read as JsonElement, not inferred (RefitObjectConverter)")));
    }

    [Fact]
    public async Task Adds_The_Using_Directives_A_Context_File_Lacks()
    {
        var app = Code.App(Members, [], "RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(App.Json.AppJsonContext.Default) })")
            .Replace("internal sealed partial class AppJsonContext : JsonSerializerContext\n{\n}", "", StringComparison.Ordinal) + "\n" + Models;
        var context = """
            namespace App.Json
            {
                [System.Text.Json.Serialization.JsonSerializable(typeof(App.Paint))]
                internal sealed partial class AppJsonContext : System.Text.Json.Serialization.JsonSerializerContext
                {
                }
            }
            """;
        // Refit 17's options name no RefitStj type, so that using is not added there.
        var fixedContext = $$"""
            using System.Text.Json.Serialization;
            {{RefitLine.Pick("using RefitStj;\n", "")}}
            namespace App.Json
            {
                [JsonSourceGenerationOptions({{s_lineOptions}})]
                [System.Text.Json.Serialization.JsonSerializable(typeof(App.Paint))]
                internal sealed partial class AppJsonContext : System.Text.Json.Serialization.JsonSerializerContext
                {
                }
            }
            """;

        await FixAsync([app, context], [app, fixedContext], Verify.Incompatible(s_allDifferences));
    }

    [Fact]
    public async Task Fix_All_Edits_Each_Paired_Context_Once()
    {
        const string Second = "\n\n    public static IApi Again(HttpClient http) => {|#1:RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) })|};"
            + "\n\n    public static IApi Other(HttpClient http) => {|#2:RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(OtherJsonContext.Default) })|};\n}";
        const string Other = "\n[JsonSerializable(typeof(Paint))]\ninternal sealed partial class OtherJsonContext : JsonSerializerContext;\n";
        var options = $"[JsonSourceGenerationOptions({s_lineOptions})]\n";
        var before = App("[JsonSerializable(typeof(Paint))]\n").Replace("|};\n}", "|};" + Second, StringComparison.Ordinal) + Other;
        var after = App(options + "[JsonSerializable(typeof(Paint))]\n").Replace("|};\n}", "|};" + Second, StringComparison.Ordinal)
            .Replace("{|#0:", "", StringComparison.Ordinal).Replace("{|#1:", "", StringComparison.Ordinal).Replace("{|#2:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal)
            + Other.Replace("\n[JsonSerializable", "\n" + options + "[JsonSerializable", StringComparison.Ordinal);
        var all = s_allDifferences;

        await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(Descriptors.Rstj002, 
            [before], [after], [Verify.Incompatible(all), Verify.Incompatible(all, location: 1), Verify.Incompatible(all, "OtherJsonContext", location: 2)], iterations: 2);
    }

    [Fact]
    public async Task Applied_Before_RSTJ001s_Fix_It_Writes_The_Options_Of_The_Types_That_Fix_Adds()
    {
        var before = OrderApp("[JsonSerializable(typeof(Product))]\n");
        var middle = OrderApp($"[JsonSourceGenerationOptions({s_orderOptions})]\n[JsonSerializable(typeof(Product))]\n");
        var after = OrderApp($"[JsonSourceGenerationOptions({s_orderOptions})]\n[JsonSerializable(typeof(Product))]\n[JsonSerializable(typeof(Order))]\n");
        var missing = Verify.Missing("IApi.Place", "writes", "Order");

        await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(s_bothRules, [before], [middle], [missing, Verify.Incompatible(s_orderDifferences)], iterations: 1, remaining: [missing]);
        // Then RSTJ001's fix leaves neither rule anything: one pass of both fixes is enough.
        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(s_bothRules, [middle], [after], [missing], iterations: 1);
    }

    [Fact]
    public async Task Applied_After_RSTJ001s_Fix_It_Writes_The_Same_Options()
    {
        var before = OrderApp("[JsonSerializable(typeof(Product))]\n");
        var middle = OrderApp("[JsonSerializable(typeof(Product))]\n[JsonSerializable(typeof(Order))]\n");
        var after = OrderApp($"[JsonSourceGenerationOptions({s_orderOptions})]\n[JsonSerializable(typeof(Product))]\n[JsonSerializable(typeof(Order))]\n");
        var incompatible = Verify.Incompatible(s_orderDifferences);

        await Verify.CodeFixAsync<AddJsonSerializableCodeFix>(s_bothRules, [before], [middle], [Verify.Missing("IApi.Place", "writes", "Order"), incompatible], iterations: 1, remaining: [incompatible]);
        await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(s_bothRules, [middle], [after], [incompatible], iterations: 1);
    }

    [Fact]
    public async Task Fix_All_Writes_Every_Option_And_Converter_Any_Call_Of_The_Context_Asks_For()
    {
        // IApi needs Product only; IOrders also Order, which the context lacks: their calls ask for different converters.
        const string Orders = "\n\n    public static IOrders Orders(HttpClient http) => {|#1:RestService.ForGenerated<IOrders>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) })|};\n}";
        const string OrdersApi = "\npublic interface IOrders\n{\n    [Post(\"/orders\")] Task Place([Body] Order order);\n}\n";
        string Source(string attributes) => Code.App("""[Get("/product")] Task<Product> Get();""", [])
            .Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal)
            .Replace("|};\n}", "|};" + Orders, StringComparison.Ordinal) + "\n" + OrderModels + OrdersApi;
        string Unmarked(string source) => source.Replace("{|#0:", "", StringComparison.Ordinal).Replace("{|#1:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal);

        var products = RefitLine.Pick($"{Names}; {Case}; enum 'Kind' goes out as numbers, not camelCase strings (RefitEnumConverter<T>)", $"{Names}; {Case}");
        // One call at a time: the second call's fix adds what the first left out.
        var oneByOne = RefitLine.Pick(
            "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true, Converters = new[] { typeof(RefitEnumConverter<Kind>), typeof(RefitEnumConverter<Delivery>) }, NumberHandling = JsonNumberHandling.AllowReadingFromString",
            Refit17Options);
        var merged = RefitLine.Pick($"{RefitOptions}, Converters = new[] {{ typeof(RefitEnumConverter<Kind>), typeof(RefitEnumConverter<Delivery>) }}", Refit17Options);
        var before = Source("[JsonSerializable(typeof(Product))]\n");

        await Verify.CodeFixAsync<CompatibleOptionsCodeFix>(
            Descriptors.Rstj002,
            [before],
            [Unmarked(Source($"[JsonSourceGenerationOptions({oneByOne})]\n[JsonSerializable(typeof(Product))]\n"))],
            [Verify.Incompatible(products), Verify.Incompatible(s_orderDifferences, location: 1)],
            iterations: RefitLine.Pick(2, 1),
            fixAllSources: [Unmarked(Source($"[JsonSourceGenerationOptions({merged})]\n[JsonSerializable(typeof(Product))]\n"))]);
    }

    private static string OrderApp(string attributes) =>
        Code.App(OrderMembers, []).Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal) + "\n" + OrderModels;

    /// <summary>The app whose context carries <paramref name="attributes"/> (each line ending in a newline), with the enums and <c>object</c> of <see cref="Models"/>.</summary>
    private static string App(string attributes) =>
        Code.App(Members, []).Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal) + "\n" + Models;

    private static Task FixAsync(string[] before, string[] after, DiagnosticResult expected) =>
        Verify.CodeFixAsync<CompatibleOptionsCodeFix>(Descriptors.Rstj002, before, after, [expected], iterations: 1);
}
