using Microsoft.CodeAnalysis.Testing;
using RefitStj.Analyzers.CodeFixes.Rules.JsonNet;
using RefitStj.Analyzers.Tests.Support;
using static RefitStj.Analyzers.Tests.Rules.JsonNet.JsonNetAttributesRuleTests;

namespace RefitStj.Analyzers.Tests.Edits;

/// <summary>
/// Where the enum-member twins go under <c>#if NET9_0_OR_GREATER</c>: the directive must start a line (a member that
/// follows another on its line included), and a member inside the document's own <c>#if</c> block must still be found.
/// </summary>
public sealed class AttributeListsTests
{
    private const CodeFixTestBehaviors CompilationEnd = CodeFixTestBehaviors.SkipLocalDiagnosticCheck;
    private static readonly string[] s_net10 = ["NET", "NET10_0", "NET9_0_OR_GREATER", "NET8_0_OR_GREATER"];

    [Fact]
    public async Task Starts_The_Guard_On_A_Line_Of_Its_Own_Where_The_Member_Follows_Another_On_Its_Line()
    {
        var source = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            [{|#0:JsonConverter(typeof(StringEnumConverter))|}]
            public enum Kind { [{|#1:EnumMember(Value = "a")|}] A, B }
            """);
        var fixedSource = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            [JsonConverter(typeof(StringEnumConverter))]
            [System.Text.Json.Serialization.JsonConverter(typeof(System.Text.Json.Serialization.JsonStringEnumConverter<Kind>))]
            public enum Kind { [EnumMember(Value = "a")]
            #if NET9_0_OR_GREATER
            [System.Text.Json.Serialization.JsonStringEnumMemberName("a")]
            #endif
            A, 
            #if NET9_0_OR_GREATER
            [System.Text.Json.Serialization.JsonStringEnumMemberName("B")]
            #endif
            B }
            """);
        DiagnosticResult[] expected =
        [
            Twin(0, "JSON.NET's [JsonConverter(typeof(StringEnumConverter))]", "'Kind'", "[JsonConverter(typeof(JsonStringEnumConverter<Kind>))], [JsonStringEnumMemberName(\"a\")] on 'A', [JsonStringEnumMemberName(\"B\")] on 'B'"),
            Twin(1, "[EnumMember]", "'Kind.A'", "[JsonStringEnumMemberName(\"a\")]"),
        ];
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], expected, 1, CompilationEnd, s_net10);
    }

    [Fact]
    public async Task Guards_A_Member_Inside_The_Documents_Own_If_Block()
    {
        var source = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            public enum Kind
            {
            #if DEBUG
                [{|#0:EnumMember(Value = "first_one")|}]
                First,
            #endif
                Second,
            }
            """);
        var fixedSource = Source("""
            public sealed class User { public Kind Kind { get; set; } }

            public enum Kind
            {
            #if DEBUG
                [EnumMember(Value = "first_one")]
                #if NET9_0_OR_GREATER
                [System.Text.Json.Serialization.JsonStringEnumMemberName("first_one")]
                #endif
                First,
            #endif
                Second,
            }
            """);
        await Verify.CodeFixAsync<JsonNetTwinsCodeFix>(RuleIds, [source], [fixedSource], [Twin(0, "[EnumMember]", "'Kind.First'", "[JsonStringEnumMemberName(\"first_one\")]")], 1, CompilationEnd, ["NET", "NET10_0", "NET9_0_OR_GREATER", "NET8_0_OR_GREATER", "DEBUG"]);
    }
}
