using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Contexts;

/// <summary>Coverage as System.Text.Json's generator produced it: declared types and every type reachable from them.</summary>
public sealed class ContextCoverageTests
{
    [Theory]
    [InlineData("Task<Owner>", "Repo")]
    [InlineData("Task<List<Repo>>", "Page<Repo>")]
    [InlineData("Task<string>", "Repo")]
    [InlineData("IAsyncEnumerable<int>", "Repo")]
    [InlineData("Task<Repo>", "Dictionary<string, Repo>")]
    [InlineData("Task<int?>", "int?")]
    public async Task Silent_For_A_Type_Reachable_From_A_Declared_One(string returnType, string declared)
    {
        await Verify.AnalyzerAsync(Code.App($"""[Get("/x")] {returnType} Get();""", [declared]));
    }

    [Fact]
    public async Task Reports_A_Collection_When_Only_Its_Element_Is_Declared()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/repos")] Task<List<Repo>> List();""", ["Repo"]), Verify.Missing("IApi.List", "reads", "List<Repo>"));
    }

    [Fact]
    public async Task Reports_A_Nullable_Value_Type_When_Only_The_Underlying_Type_Is_Declared()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/count")] Task<int?> Count();""", ["int"]), Verify.Missing("IApi.Count", "reads", "int?"));
    }

    [Fact]
    public async Task Silent_For_A_Derived_Type_Reachable_Through_Polymorphism_Metadata()
    {
        var source = Code.App("""[Get("/shape")] Task<Circle> Get();""", ["Shape"])
            .Replace("public sealed record Owner", "[JsonDerivedType(typeof(Circle), \"circle\")]\npublic abstract record Shape;\npublic sealed record Circle(double Radius) : Shape;\npublic sealed record Owner", StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source);
    }

    [Fact]
    public async Task Silent_For_A_Type_Declared_Under_Another_Property_Name()
    {
        var source = Code.App("""[Get("/repo")] Task<Repo> Get();""", []).Replace(
            "internal sealed partial",
            "[JsonSerializable(typeof(Repo), TypeInfoPropertyName = \"Repository\")]\ninternal sealed partial",
            StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source);
    }

    [Fact]
    public async Task Silent_For_A_Context_The_Generator_Did_Not_Write()
    {
        var source = Code.App("""[Get("/repo")] Task<Repo> Get();""", [], "RestService.ForGenerated<IApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(HandWrittenContext.Default) })")
            .Replace("internal sealed partial class AppJsonContext", """
                internal sealed class HandWrittenContext() : JsonSerializerContext(null)
                {
                    public static HandWrittenContext Default { get; } = new();

                    protected override JsonSerializerOptions? GeneratedSerializerOptions => null;

                    public override System.Text.Json.Serialization.Metadata.JsonTypeInfo? GetTypeInfo(Type type) => null;
                }

                internal sealed partial class AppJsonContext
                """, StringComparison.Ordinal)
            .Replace("internal sealed partial class AppJsonContext", "[JsonSerializable(typeof(Owner))]\ninternal sealed partial class AppJsonContext", StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source);
    }

    [Fact]
    public async Task Silent_When_A_Return_Type_Adapter_Of_The_Compilation_Takes_Over_The_Shape()
    {
        var source = Code.App("""[Get("/repo")] ValueTask<Repo> Get();""", ["Owner"])
            + """


            public sealed class ValueTaskAdapter<T> : IReturnTypeAdapter<ValueTask<T>, T>
            {
                public ValueTask<T> Adapt(Func<CancellationToken, Task<T>> invoke) => new(invoke(default));
            }
            """;

        await Verify.AnalyzerAsync(source);
    }
}
