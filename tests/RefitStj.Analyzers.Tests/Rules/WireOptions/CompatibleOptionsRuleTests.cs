using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Rules.WireOptions;

/// <summary>
/// RSTJ002: which option differences a paired context is reported for, and each explicit choice that silences one. The
/// same sources run on each Refit line; each asserts what that line's defaults make of them (RefitLine.Pick): Refit 16
/// compares names, case, numbers, enums and object values, Refit 17 names and case only.
/// </summary>
public sealed class CompatibleOptionsRuleTests
{
    private const string Names = "names are written as declared, not camelCase (PropertyNamingPolicy)";
    private const string Case = "names are read case-sensitively, so camelCase JSON reads as default values (PropertyNameCaseInsensitive)";
    private const string Numbers = "numbers in strings are refused (NumberHandling)";
    private const string Objects = "'object' values read as JsonElement, not inferred (RefitObjectConverter)";
    private const string Refits = "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true, NumberHandling = JsonNumberHandling.AllowReadingFromString";
    // Refit 17's own defaults: what a context needs to be silent on 17 (16 still asks for numbers).
    private const string Refit17s = "PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true";
    private const string GetRepo = """[Get("/repos/{id}")] Task<Repo> GetRepo(int id);""";

    // The numbers difference, where the line reports it: Refit 17 reads numbers as System.Text.Json does.
    private static readonly string s_numbersOn16 = RefitLine.Pick("; " + Numbers, "");

    private const string Enums = """
        public enum Color { Red, LightGreen }
        public enum Size { Small, Large }
        public enum Shade { Dark, Light }
        public enum Key { A, B }
        [JsonConverter(typeof(JsonStringEnumConverter<Chosen>))]
        public enum Chosen { Yes, No }
        public sealed record Paint(Color Color, Size? Size, List<Shade> Shades, Dictionary<Key, string> ByKey, Chosen Chosen);
        """;

    [Fact]
    public async Task Reports_At_The_Call_Naming_The_Context_Every_Difference_And_The_Fix()
    {
        var expected = new DiagnosticResult(Descriptors.Rstj002IncompatibleOptions)
            .WithLocation(0)
            .WithLocation(1)
            .WithSeverity(DiagnosticSeverity.Warning)
            .WithMessage($"'AppJsonContext' does not send and read what Refit's default options do: {Names}; {Case}{s_numbersOn16}; add the compatible options to its [JsonSourceGenerationOptions], or state an option there to keep your choice");
        var source = Code.App(GetRepo, []).Replace("internal sealed partial", "[{|#1:JsonSerializable(typeof(Repo))|}]\ninternal sealed partial", StringComparison.Ordinal);

        await AnalyzeAsync(source, expected);
    }

    [Fact]
    public async Task Silent_When_The_Context_States_Refits_Options()
    {
        await AnalyzeAsync(App(GetRepo, $"[JsonSourceGenerationOptions({Refits})]", "Repo"));
    }

    [Fact]
    public async Task Refit_17s_Options_Are_Silent_On_17_And_Miss_Numbers_On_16()
    {
        var source = App(GetRepo, $"[JsonSourceGenerationOptions({Refit17s})]", "Repo");

        await AnalyzeAsync(source, RefitLine.Pick<DiagnosticResult[]>([Verify.Incompatible(Numbers)], []));
    }

    // On 17 Refit's numbers are System.Text.Json's, so no row reports them there.
    [Theory]
    [InlineData("PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase", Case, true)]
    [InlineData("PropertyNameCaseInsensitive = false", Names, true)]
    [InlineData("NumberHandling = JsonNumberHandling.AllowReadingFromString", Names + "; " + Case, false)]
    [InlineData("GenerationMode = JsonSourceGenerationMode.Metadata", Names + "; " + Case, true)]
    public async Task An_Option_The_Attribute_States_Is_The_Users_Choice_Whatever_Its_Value(string stated, string differences, bool numbersOn16)
    {
        await AnalyzeAsync(App(GetRepo, $"[JsonSourceGenerationOptions({stated})]", "Repo"), Verify.Incompatible(differences + (numbersOn16 ? s_numbersOn16 : "")));
    }

    // Issue 42: a context written for its API's format gets no proposal that would change what it writes.
    [Theory]
    [InlineData("PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower")]
    [InlineData("PropertyNamingPolicy = JsonKnownNamingPolicy.KebabCaseLower")]
    [InlineData("PropertyNamingPolicy = JsonKnownNamingPolicy.Unspecified")]
    [InlineData("NumberHandling = JsonNumberHandling.WriteAsString")]
    [InlineData("PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true")]
    [InlineData("JsonSerializerDefaults.Web")]
    [InlineData("JsonSerializerDefaults.General")]
    public async Task Silent_For_A_Context_That_States_A_Wire_Format_Of_Its_Own(string stated)
    {
        var source = App("""[Get("/paint")] Task<Paint> Get();""", $"[JsonSourceGenerationOptions({stated})]", "Paint") + Enums;

        await AnalyzeAsync(source);
    }

    // Strict is a number policy of the user's own against Refit 16's AllowReadingFromString, and Refit 17's own value.
    [Fact]
    public async Task Strict_Numbers_Are_The_Users_Format_On_16_And_Refits_On_17()
    {
        var source = App("""[Get("/paint")] Task<Paint> Get();""", "[JsonSourceGenerationOptions(NumberHandling = JsonNumberHandling.Strict)]", "Paint") + Enums;

        await AnalyzeAsync(source, RefitLine.Pick<DiagnosticResult[]>([], [Verify.Incompatible(Names + "; " + Case)]));
    }

    [Fact]
    public async Task Names_And_Case_Only_Where_The_Context_Writes_Objects_And_Numbers_Only_Where_It_Reads_Numbers()
    {
        await AnalyzeAsync(App("""[Get("/ids")] Task<List<int>> Ids();""", "", "List<int>"), RefitLine.Pick<DiagnosticResult[]>([Verify.Incompatible(Numbers)], []));
        await AnalyzeAsync(App("""[Get("/names")] Task<List<Owner>> Owners();""", "", "List<Owner>"), Verify.Incompatible(Names + "; " + Case));
    }

    [Fact]
    public async Task Lists_Every_Enum_The_Context_Reaches_Through_Properties_Nullables_Elements_And_Dictionary_Keys()
    {
        var source = App("""[Get("/paint")] Task<Paint> Get();""", $"[JsonSourceGenerationOptions({Refits})]", "Paint") + Enums;

        // Refit 17 writes enums as numbers itself.
        await AnalyzeAsync(source, RefitLine.Pick<DiagnosticResult[]>([Verify.Incompatible("enums 'Color', 'Key', 'Shade', 'Size' go out as numbers, not camelCase strings (RefitEnumConverter<T>)")], []));
    }

    [Theory]
    [InlineData("UseStringEnumConverter = true")]
    [InlineData("UseStringEnumConverter = false")]
    [InlineData("Converters = new[] { typeof(RefitEnumConverter<Color>), typeof(JsonStringEnumConverter<Key>), typeof(RefitEnumConverter<Shade>), typeof(RefitEnumConverter<Size>) }")]
    public async Task Silent_For_Enums_The_Options_Convert_Explicitly(string stated)
    {
        var source = App("""[Get("/paint")] Task<Paint> Get();""", $"[JsonSourceGenerationOptions({Refits}, {stated})]", "Paint") + Enums;

        await AnalyzeAsync(source);
    }

    [Fact]
    public async Task Silent_For_Every_Enum_With_A_Non_Generic_Converter_Factory()
    {
        var source = App("""[Get("/paint")] Task<Paint> Get();""", $"[JsonSourceGenerationOptions({Refits}, Converters = new[] {{ typeof(JsonStringEnumConverter) }})]", "Paint") + Enums;

        // The generator's own warning for the non-generic converter under Native AOT: the user's choice, not RSTJ002's.
        await AnalyzeAsync(source, DiagnosticResult.CompilerWarning("SYSLIB1034").WithSpan("Source0.cs", 26, 2, 26, 237).WithArguments("App.AppJsonContext"));
    }

    [Fact]
    public async Task An_Enum_Is_Silent_Where_Every_Property_Of_It_Carries_A_Converter_And_Reported_Where_Another_Use_Does_Not()
    {
        const string Models = """
            public enum Color { Red, LightGreen }
            public sealed record Chosen([property: JsonConverter(typeof(JsonStringEnumConverter<Color>))] Color Color);
            public sealed record Mixed([property: JsonConverter(typeof(JsonStringEnumConverter<Color>))] Color Color, Color[] Others);
            """;

        await AnalyzeAsync(App("""[Get("/c")] Task<Chosen> Get();""", $"[JsonSourceGenerationOptions({Refits})]", "Chosen") + Models);
        await AnalyzeAsync(
            App("""[Get("/m")] Task<Mixed> Get();""", $"[JsonSourceGenerationOptions({Refits})]", "Mixed") + Models,
            RefitLine.Pick<DiagnosticResult[]>([Verify.Incompatible("enum 'Color' goes out as numbers, not camelCase strings (RefitEnumConverter<T>)")], []));
    }

    [Fact]
    public async Task Reports_Object_Values_Unless_A_Converter_For_Object_Is_Named()
    {
        const string Bag = "public sealed record Bag(object Value, Dictionary<string, object> Extra);";
        const string Custom = """
            public sealed class MyObjectConverter : JsonConverter<object>
            {
                public override object? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => null;
                public override void Write(Utf8JsonWriter writer, object value, JsonSerializerOptions options) => writer.WriteNullValue();
            }
            """;
        var members = """[Get("/bag")] Task<Bag> Get();""";

        // Refit 17 reads object values as JsonElement itself.
        await AnalyzeAsync(App(members, $"[JsonSourceGenerationOptions({Refits})]", "Bag") + Bag, RefitLine.Pick<DiagnosticResult[]>([Verify.Incompatible(Objects)], []));
        await AnalyzeAsync(App(members, $"[JsonSourceGenerationOptions({Refits}, Converters = new[] {{ typeof(RefitObjectConverter) }})]", "Bag") + Bag);
        await AnalyzeAsync(App(members, $"[JsonSourceGenerationOptions({Refits}, Converters = new[] {{ typeof(MyObjectConverter) }})]", "Bag") + Bag + Custom);
    }

    [Theory]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer() }")]
    [InlineData("new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default.Options) }")]
    [InlineData("new RefitSettings { ContentSerializer = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions { TypeInfoResolver = AppJsonContext.Default }) }")]
    public async Task Silent_Where_The_Context_Is_Not_Certainly_Paired(string settings)
    {
        var source = Code.App(GetRepo, ["Repo"], $"RestService.ForGenerated<IApi>(http, {settings})");

        await AnalyzeAsync(source.Replace("{|#0:", "", StringComparison.Ordinal).Replace(")|};", ");", StringComparison.Ordinal));
    }

    // The constructor is the one spelling of a serializer over a context's own options: with reflection fallback or without, they are the wire.
    [Theory]
    [InlineData("new RefitSettings(new StjContentSerializer(AppJsonContext.Default))")]
    [InlineData("new RefitSettings(new StjContentSerializer(AppJsonContext.Default, allowReflectionFallback: false))")]
    [InlineData("new RefitSettings(new StjContentSerializer(AppJsonContext.Default, allowReflectionFallback: true))")]
    public async Task Reports_The_Context_Constructor_Over_A_Context_That_States_No_Format(string settings)
    {
        var source = Code.App(GetRepo, ["Repo"], $"RestService.ForGenerated<IApi>(http, {settings})");

        await AnalyzeAsync(source, Verify.Incompatible(Names + "; " + Case + s_numbersOn16));
    }

    // new Ctx(options) runs on the options given, not the attribute's: the fix could not change them.
    [Fact]
    public async Task Silent_Where_The_Context_Runs_On_Options_Given_To_It()
    {
        var source = Code.App(GetRepo, ["Repo"], "RestService.ForGenerated<IApi>(http, new RefitSettings(new StjContentSerializer(new AppJsonContext(new JsonSerializerOptions()))))");

        await AnalyzeAsync(source.Replace("{|#0:", "", StringComparison.Ordinal).Replace(")|};", ");", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Reports_Once_At_Each_Call_That_Pairs_The_Context()
    {
        var source = Code.App(GetRepo, ["Repo"]).Replace(
            "|};\n}",
            "|};\n\n    public static void Register(IServiceCollection services) => {|#1:services.AddRefitClient<IApi>(new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))|};\n}",
            StringComparison.Ordinal);

        await AnalyzeAsync(source, Verify.Incompatible(Names + "; " + Case + s_numbersOn16), Verify.Incompatible(Names + "; " + Case + s_numbersOn16, location: 1));
    }

    /// <summary>The app whose context carries <paramref name="options"/> (an attribute line, or nothing) and declares <paramref name="declared"/>.</summary>
    // Issue 63: at a call RSTJ001 reports, the types its fix adds count with what the generator reaches from them, so the
    // options hold for the context as that fix leaves it: through a [JsonDerivedType], a field IncludeFields brings in, a
    // non-public [JsonInclude] property; not into a type its own [JsonConverter] writes.
    [Theory]
    [InlineData("[JsonDerivedType(typeof(ExpressOrder))]\npublic record Order(string Id);\npublic sealed record ExpressOrder(string Id, Delivery Delivery) : Order(Id);", "", true)]
    [InlineData("public sealed class Order { public string? Id { get; set; } public Delivery Delivery; }", "[JsonSourceGenerationOptions(IncludeFields = true)]", true)]
    [InlineData("public sealed class Order { public string? Id { get; set; } [JsonInclude] internal Delivery Delivery { get; set; } }", "", true)]
    [InlineData("[JsonConverter(typeof(OrderConverter))]\npublic sealed record Order(int Quantity, Delivery Delivery);", "", false)]
    public async Task Counts_What_The_Generator_Reaches_From_The_Types_RSTJ001s_Fix_Adds(string order, string options, bool reachesDelivery)
    {
        const string Models = """
            public enum Delivery { Standard, Express }
            public sealed class OrderConverter : JsonConverter<Order>
            {
                public override Order? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => null;
                public override void Write(Utf8JsonWriter writer, Order value, JsonSerializerOptions options) => writer.WriteNullValue();
            }
            """;
        var source = App("""[Post("/orders")] Task Place([Body] Order order);""", options, "Repo") + "\n" + Models + "\n" + order;
        var delivery = reachesDelivery ? "; enum 'Delivery' goes out as numbers, not camelCase strings (RefitEnumConverter<T>)" : "";

        await AnalyzeAsync(source, Verify.Incompatible(Names + "; " + Case + RefitLine.Pick(s_numbersOn16 + delivery, "")));
    }

    internal static string App(string members, string options, params string[] declared)
    {
        var app = Code.App(members, declared);
        return options.Length == 0 ? app : app.Insert(app.IndexOf("[JsonSerializable(", StringComparison.Ordinal), options + "\n");
    }

    [Fact]
    public async Task Reports_A_Generic_Helpers_Context_Once_At_The_Helpers_Creation_Not_At_Each_Call()
    {
        // The helper's options are one wire whichever interface a call closes it over: one report, where its fix applies.
        var source = Code.App(GetRepo, ["Repo"], "Helpers.ForBilling<IApi>(http)").Replace("{|#0:", "", StringComparison.Ordinal).Replace("|};", ";", StringComparison.Ordinal) + """

            public static class Helpers
            {
                public static T ForBilling<T>(HttpClient http) => {|#0:RestService.For<T>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))|};

                public static IApi Again(HttpClient http) => ForBilling<IApi>(http);
            }
            """;

        await AnalyzeAsync(source, Verify.Incompatible($"{Names}; {Case}{s_numbersOn16}"));
    }

    private static Task AnalyzeAsync(string source, params DiagnosticResult[] expected) =>
        Verify.AnalyzerAsync(Descriptors.Rstj002, [source], OutputKind.DynamicallyLinkedLibrary, expected);
}
