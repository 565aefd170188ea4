using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>What JSON.NET does with a null that no System.Text.Json attribute does: skipped on read, or rejected as required.</summary>
internal sealed partial class JsonNetAttributes
{
    // NullValueHandling.Ignore also skips a null in a reply, which System.Text.Json has no attribute for: where that null
    // would throw (a non-nullable value type) or replace the member's initializer, the reply reads otherwise. Not where
    // JSON.NET throws on the null itself (the member required) or binds it through a constructor parameter, which
    // ignores NullValueHandling.
    private static string? NullOnRead(AttributeData attribute, ISymbol member, ITypeSymbol memberType)
    {
        if (Named(attribute, "NullValueHandling") is not Ignore
            || Named(attribute, "Required") is Always or DisallowNull
            || Find(member, Newtonsoft + "JsonRequiredAttribute") is not null
            || BoundByConstructor(member))
        {
            return null;
        }

        if (!CanHoldNull(memberType))
        {
            var typeName = memberType.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);
            return $"JSON.NET skips a null in a reply and keeps the member's value; System.Text.Json cannot read null into '{typeName}' and throws JsonException: give '{member.Name}' the type '{typeName}?' and read a null as no value";
        }

        return member is not IPropertySymbol { SetMethod: null } && Initializer(member) is { } initializer
            ? $"JSON.NET skips a null in a reply and keeps '{member.Name}' as its initializer sets it ({initializer}); System.Text.Json reads the null over it (WhenWritingNull is for writing only): have the setter keep its value when given null, or check for null after reading"
            : null;
    }

    // A reference type or Nullable<T>: a non-nullable value type is never null, and both serializers reject a null for it.
    private static bool CanHoldNull(ITypeSymbol type) => !type.IsValueType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;

    // A parameter of the member's name (case ignored, as JSON.NET matches it) in any constructor of its type: no guess.
    private static bool BoundByConstructor(ISymbol member) =>
        member.ContainingType.InstanceConstructors.Any(c => c.Parameters.Any(p => string.Equals(p.Name, member.Name, StringComparison.OrdinalIgnoreCase)));

    /// <summary>The member's initializer as written, where it is not null or default (a null read over those changes nothing).</summary>
    private static string? Initializer(ISymbol member)
    {
        var syntax = member.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
        var value = syntax switch
        {
            PropertyDeclarationSyntax property => property.Initializer?.Value,
            VariableDeclaratorSyntax field => field.Initializer?.Value,
            _ => null,
        };
        while (value is PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } or CastExpressionSyntax or ParenthesizedExpressionSyntax)
        {
            value = value switch
            {
                PostfixUnaryExpressionSyntax suppressed => suppressed.Operand,
                CastExpressionSyntax cast => cast.Expression,
                _ => ((ParenthesizedExpressionSyntax)value).Expression,
            };
        }

        return value is null or DefaultExpressionSyntax or LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression or (int)SyntaxKind.DefaultLiteralExpression }
            ? null
            : value.ToString();
    }

    // Required.Always rejects a null too, which [JsonRequired] does not; a non-nullable value type rejects it on both.
    private static void AddAlwaysAdvice(string required, ITypeSymbol memberType, List<string> instead)
    {
        if (CanHoldNull(memberType))
        {
            instead.Add($"{required} also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)");
        }
    }
}
