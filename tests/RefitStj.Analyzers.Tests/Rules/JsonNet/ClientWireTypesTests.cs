using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.JsonNet.JsonNetAttributesRuleTests;

namespace RefitStj.Analyzers.Tests.Rules.JsonNet;

/// <summary>The types a client puts on the wire: every closing reached, and the walk ends on generic types that expand.</summary>
public sealed class ClientWireTypesTests
{
    [Fact(Timeout = 20000)]
    public async Task Ends_On_Two_Generic_Types_That_Close_Each_Other_Over_Bigger_Arguments()
    {
        var source = Source("""
            public sealed class A<T> { public B<A<T>>? X { get; set; } [{|#0:JsonProperty("a")|}] public int N { get; set; } }
            public sealed class B<T> { public A<List<T>>? Y { get; set; } [{|#1:JsonProperty("b")|}] public int M { get; set; } }
            public sealed class User { }
            """, members: """
            [Get("/a")]
            Task<A<int>> As();
            """);
        await Task.Run(() => Verify.AnalyzerAsync(RuleIds, [source],
            [Twin(0, "JSON.NET's [JsonProperty]", "'A.N'", "[JsonPropertyName(\"a\")]"),
             Twin(1, "JSON.NET's [JsonProperty]", "'B.M'", "[JsonPropertyName(\"b\")]")]));
    }

    [Fact]
    public async Task Reaches_The_Type_Argument_Of_Each_Containing_Type_A_Nested_Type_Is_Closed_Over()
    {
        // Outer<Foo>.Inner and Outer<Bar>.Inner share a declaration and have no type arguments of their own.
        var source = Source("""
            public sealed class Outer<T> { public sealed class Inner { public T? Value { get; set; } } }
            public sealed class Foo { [{|#1:JsonProperty("f")|}] public int F { get; set; } }
            public sealed class Bar { [{|#0:JsonProperty("b")|}] public int B { get; set; } }
            public sealed class User { }
            """, members: """
            [Get("/foo")]
            Task<Outer<Foo>.Inner> Foos();
            [Get("/bar")]
            Task<Outer<Bar>.Inner> Bars();
            """);
        await Verify.AnalyzerAsync(RuleIds, [source], [Twin(1, "JSON.NET's [JsonProperty]", "'Foo.F'", "[JsonPropertyName(\"f\")]"), Twin(0, "JSON.NET's [JsonProperty]", "'Bar.B'", "[JsonPropertyName(\"b\")]")]);
    }
}
