using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Symbols;

/// <summary>
/// The Refit line the tests expect is the one the compilations reference, and the analyzer reads that line from the
/// compilation (Refit's AssemblyVersion), not from how it was itself built: one analyzer binary serves apps on 16 and 17.
/// </summary>
public sealed class KnownSymbolsTests
{
    [Fact]
    public void The_Line_The_Tests_Expect_Is_The_Referenced_Refits_Major()
    {
        var compilation = Compile("public static class Probe { }");

        var refit = compilation.GetTypeByMetadataName("Refit.RefitSettings")!.ContainingAssembly.Identity.Version;

        Assert.Equal(new Version(RefitLine.Major, 0, 0, 0), refit);
    }

    [Fact]
    public void The_Analyzer_Compares_With_The_Wire_Of_The_Referenced_Refit()
    {
        var known = KnownSymbols.Create(Compile("public static class Probe { }"))!;

        Assert.Equal(!RefitLine.Is17, known.HasRefit16Wire);
    }

    private static CSharpCompilation Compile(string source) =>
        CSharpCompilation.Create("Probe", [CSharpSyntaxTree.ParseText(source)], CompilationInputs.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
}
