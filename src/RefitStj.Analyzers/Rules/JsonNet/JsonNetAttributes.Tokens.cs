using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using RefitStj.Analyzers.Core.Contexts;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// JSON.NET's LINQ-to-JSON types (<c>JObject</c>, <c>JArray</c>, <c>JToken</c>...) as member types: JSON.NET writes and
/// reads them as the JSON they hold; System.Text.Json sees a collection of tokens, writes <c>{"a":[]}</c> for
/// <c>{"a":1}</c> and cannot read one. The member needs System.Text.Json's own node type: no attribute does it.
/// </summary>
internal sealed partial class JsonNetAttributes
{
    private const string Linq = Newtonsoft + "Linq.";

    /// <summary>The report for a member System.Text.Json writes whose type is or holds a JSON.NET token type.</summary>
    private JsonNetFinding? TokenMember(string name, ISymbol member, ITypeSymbol memberType, bool optIn)
    {
        if (TokenIn(memberType) is not { } token || !WrittenByBoth(member, optIn))
        {
            return null;
        }

        var node = token.Name switch
        {
            "JObject" => "JsonObject",
            "JArray" => "JsonArray",
            "JValue" => "JsonValue",
            _ => "JsonNode",
        };
        return new JsonNetFinding(
            TypeSyntaxOf(member),
            $"JSON.NET's own handling of {token.Name}",
            name,
            [],
            $"System.Text.Json takes a {token.Name} for a collection of tokens: it writes {{\"a\":[]}} for {{\"a\":1}} and cannot read one; give '{member.Name}' System.Text.Json's {node} (System.Text.Json.Nodes) in place of {token.Name}, which reads and writes the JSON as it is",
            "");
    }

    /// <summary>The JSON.NET token type <paramref name="type"/> is or holds as an element or type argument, or <see langword="null"/>.</summary>
    private static INamedTypeSymbol? TokenIn(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return TokenIn(array.ElementType);
            case INamedTypeSymbol named:
                for (var current = named; current is not null; current = current.BaseType)
                {
                    if (current.ToDisplayString() == Linq + "JToken")
                    {
                        return named;
                    }
                }

                return named.TypeArguments.Select(TokenIn).FirstOrDefault(found => found is not null);
            default:
                return null;
        }
    }

    /// <summary>
    /// Whether both serializers handle the member as a value: System.Text.Json writes it (<see cref="StjMembers.WrittenType"/>,
    /// or a JSON.NET attribute whose twin brings it in) with no unconditional [JsonIgnore] or converter of its own, and
    /// JSON.NET does too (not ignored, not extension data, opted in where members opt in).
    /// </summary>
    private bool WrittenByBoth(ISymbol member, bool optIn)
    {
        var named = Find(member, Newtonsoft + "JsonPropertyAttribute") is not null || Find(member, DataContract + "DataMemberAttribute") is not null;
        var written = (named || StjMembers.WrittenType(member, _known, includeFields: false) is not null)
            && !StjMembers.IgnoresAlways(member, _known) && !StjMembers.HasOwnConverter(member, _known);
        var leftOutByJsonNet = member.GetAttributes().Any(a => NameOf(a) is Newtonsoft + "JsonIgnoreAttribute" or DataContract + "IgnoreDataMemberAttribute" or Newtonsoft + "JsonExtensionDataAttribute");
        return written && !leftOutByJsonNet && (!optIn || named || Find(member, Newtonsoft + "JsonRequiredAttribute") is not null);
    }

    /// <summary>Where the member's type is written: the report points at the type to change.</summary>
    private static SyntaxReference? TypeSyntaxOf(ISymbol member) =>
        member.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax() switch
        {
            PropertyDeclarationSyntax property => property.Type.GetReference(),
            ParameterSyntax { Type: { } parameterType } => parameterType.GetReference(),
            VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } => declaration.Type.GetReference(),
            _ => member.DeclaringSyntaxReferences.FirstOrDefault(),
        };
}
