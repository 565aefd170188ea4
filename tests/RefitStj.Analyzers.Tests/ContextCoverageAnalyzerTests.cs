using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests;

/// <summary>The pairing: which calls tie a Refit interface to a context, and the diagnostic reported there.</summary>
public sealed class ContextCoverageAnalyzerTests
{
    private const string GetRepo = """[Get("/repos/{id}")] Task<Repo> GetRepo(int id);""";

    [Fact]
    public async Task Reports_At_The_Call_Naming_Method_Type_And_Fix_With_The_Context_Attribute_As_Additional_Location()
    {
        var source = Code.App(GetRepo, []).Replace("internal sealed partial", "[{|#1:JsonSerializable(typeof(Owner))|}]\ninternal sealed partial", StringComparison.Ordinal);
        var expected = new DiagnosticResult(ContextCoverageAnalyzer.Rule)
            .WithLocation(0)
            .WithLocation(1)
            .WithMessage("'IApi.GetRepo' reads 'Repo' through the content serializer, but 'AppJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Repo))] to 'AppJsonContext'")
            .WithSeverity(DiagnosticSeverity.Warning);

        await Verify.AnalyzerAsync(source, expected);
    }

    [Fact]
    public async Task Silent_When_The_Context_Declares_Every_Type()
    {
        await Verify.AnalyzerAsync(Code.App(GetRepo, ["Repo"]));
    }
}
