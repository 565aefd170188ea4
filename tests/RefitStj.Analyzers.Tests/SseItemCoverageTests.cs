using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests;

/// <summary>
/// RSTJ001 for <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c>: the context must cover <c>T</c> (not <c>SseItem&lt;T&gt;</c>) and
/// list <c>SseItemConverter&lt;T&gt;</c> among its converters; the fix adds whichever is missing.
/// </summary>
public sealed class SseItemCoverageTests
{
    private const string Stream = """[Get("/events")] IAsyncEnumerable<System.Net.ServerSentEvents.SseItem<Repo>> Events();""";

    private const string Listed = "[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Repo>) })]\n";

    private static DiagnosticResult NoConverter(string method = "IApi.Events", string data = "Repo") =>
        new DiagnosticResult(SseItemConverters.Rule)
            .WithLocation(0)
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
        var after = App("[JsonSerializable(typeof(Repo))]\n[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Repo>) })]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()], behaviors: CodeFixTestBehaviors.SkipFixAllCheck);
    }

    [Fact]
    public async Task Fix_Adds_The_Converters_Argument_To_Existing_Options()
    {
        var before = App("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]\n[JsonSerializable(typeof(Repo))]\n", Stream);
        var after = App("[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, Converters = new[] { typeof(SseItemConverter<Repo>) })]\n[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()], behaviors: CodeFixTestBehaviors.SkipFixAllCheck);
    }

    [Theory]
    [InlineData("new[] { typeof(SseItemConverter<Owner>) }", "new[] { typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>) }")]
    [InlineData("new Type[] { typeof(SseItemConverter<Owner>) }", "new Type[] { typeof(SseItemConverter<Owner>), typeof(SseItemConverter<Repo>) }")]
    public async Task Fix_Appends_To_Listed_Converters(string listed, string extended)
    {
        var before = App($"[JsonSourceGenerationOptions(Converters = {listed})]\n[JsonSerializable(typeof(Repo))]\n", Stream);
        var after = App($"[JsonSourceGenerationOptions(Converters = {extended})]\n[JsonSerializable(typeof(Repo))]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter()], behaviors: CodeFixTestBehaviors.SkipFixAllCheck);
    }

    [Fact]
    public async Task Fix_Adds_Both_The_Data_Type_And_The_Converter()
    {
        var before = App("[JsonSerializable(typeof(Owner))]\n", Stream);
        var after = App("[JsonSerializable(typeof(Owner))]\n[JsonSerializable(typeof(Repo))]\n[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Repo>) })]\n", Stream);

        await Verify.CodeFixAsync([before], [after], [NoConverter(), Verify.Missing("IApi.Events", "reads", "Repo")], behaviors: CodeFixTestBehaviors.SkipFixAllCheck);
    }

    /// <summary>The app with <paramref name="attributes"/> (each line ending in a newline) on its context.</summary>
    private static string App(string attributes, string members) =>
        Code.App(members, []).Replace("internal sealed partial class", attributes + "internal sealed partial class", StringComparison.Ordinal);
}
