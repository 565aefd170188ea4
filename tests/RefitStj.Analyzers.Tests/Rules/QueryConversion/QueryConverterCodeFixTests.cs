using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.QueryConversion;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.QueryConversion.QueryConverterRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.QueryConversion;

/// <summary>The RSTJ005 fix's exact output, one converter at a time and fix-all: <c>StjQueryConverter&lt;T&gt;</c>, in the form the original was written.</summary>
public sealed class QueryConverterCodeFixTests
{
    private const string Create = "public static ISearchApi Create(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer()));";

    [Theory]
    [InlineData("SystemTextJsonQueryConverter<Filter>", "StjQueryConverter<Filter>")]
    [InlineData("Refit.SystemTextJsonQueryConverter<Filter>", "RefitStj.StjQueryConverter<Filter>")]
    [InlineData("global::Refit.SystemTextJsonQueryConverter<Filter>", "global::RefitStj.StjQueryConverter<Filter>")]
    [InlineData("SystemTextJsonQueryConverter<App.Filter>", "StjQueryConverter<App.Filter>")]
    public async Task Writes_StjQueryConverter_With_The_Same_Type_Argument(string before, string after)
    {
        var source = Source(Create).Replace("{|#0:SystemTextJsonQueryConverter<Filter>|}", $"{{|#0:{before}|}}", StringComparison.Ordinal);
        var fixedSource = Source(Create).Replace("{|#0:SystemTextJsonQueryConverter<Filter>|}", after, StringComparison.Ordinal);
        await Verify.CodeFixAsync<QueryConverterCodeFix>(RuleIds, [source], [fixedSource], [Converter()], 1, CompilationEnd);
    }

    [Fact]
    public async Task Fixes_Every_Converter_Of_A_Document_At_Once_And_Adds_The_Using_Once()
    {
        const string Second = """

            public interface IMoreApi
            {
                [Get("/more")]
                Task<string> More([Query(".", "m")][QueryConverter(typeof({|#1:SystemTextJsonQueryConverter<Filter>|}))] Filter filter);
            }
            """;
        var create = Create + "\npublic static IMoreApi More(HttpClient http) => RestService.For<IMoreApi>(http, new RefitSettings(new RefitStj.StjContentSerializer()));";
        var before = WithoutRefitStjUsing(Source(create.Replace("new StjContentSerializer()", "new RefitStj.StjContentSerializer()", StringComparison.Ordinal)) + Second);
        var after = Source(create.Replace("new StjContentSerializer()", "new RefitStj.StjContentSerializer()", StringComparison.Ordinal))
            .Replace("{|#0:SystemTextJsonQueryConverter<Filter>|}", "StjQueryConverter<Filter>", StringComparison.Ordinal)
            + Second.Replace("{|#1:SystemTextJsonQueryConverter<Filter>|}", "StjQueryConverter<Filter>", StringComparison.Ordinal);

        // The fix must add the using: the source it starts from has none (whatever the checkout's line endings), the result one.
        Assert.DoesNotContain("using RefitStj;", before, StringComparison.Ordinal);
        Assert.Single(Regex.Matches(after, @"^using RefitStj;\r?$", RegexOptions.Multiline));
        await Verify.CodeFixAsync<QueryConverterCodeFix>(RuleIds, [before], [after], [Converter(), Converter("IMoreApi.More", "IMoreApi", 1)], 2, CompilationEnd);
    }

    // RSTJ005 is reported at the compilation's end, so it is not local to a document: its fix runs where the IDE analyses the whole solution, and in dotnet format.
    private const CodeFixTestBehaviors CompilationEnd = CodeFixTestBehaviors.SkipLocalDiagnosticCheck;

    private static string WithoutRefitStjUsing(string source) => Regex.Replace(source, @"^using RefitStj;\r?\n", string.Empty, RegexOptions.Multiline);
}
