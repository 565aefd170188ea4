using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// Which members of a type System.Text.Json writes and reads, as its reflection resolver and its generator both decide:
/// read in one place by every model fact that follows what a body holds (what a context reaches, where an enum is
/// written, which JSON.NET token members go on the wire).
/// </summary>
internal static class StjMembers
{
    // JsonIgnoreCondition.Always: a [JsonIgnore] with no condition means it too.
    private const int IgnoreAlways = 1;

    /// <summary>
    /// The type System.Text.Json writes <paramref name="member"/> as, or <see langword="null"/> where it leaves the member
    /// out: a public instance property with a getter, a public field where the options include fields, or either of any
    /// accessibility under <c>[JsonInclude]</c>; never one under an unconditional <c>[JsonIgnore]</c>.
    /// </summary>
    public static ITypeSymbol? WrittenType(ISymbol member, KnownSymbols known, bool includeFields)
    {
        var included = member.GetAttributes().Any(a => KnownSymbols.Is(a.AttributeClass, known.JsonIncludeAttribute));
        var type = member switch
        {
            IPropertySymbol { IsStatic: false, IsIndexer: false, GetMethod: not null } property when included || property.DeclaredAccessibility == Accessibility.Public => property.Type,
            IFieldSymbol { IsStatic: false, IsConst: false, IsImplicitlyDeclared: false } field when included || (includeFields && field.DeclaredAccessibility == Accessibility.Public) => field.Type,
            _ => null,
        };
        return type is not null && !IgnoresAlways(member, known) ? type : null;
    }

    /// <summary>Whether <paramref name="member"/> carries System.Text.Json's <c>[JsonIgnore]</c> with no condition, or <c>Condition = Always</c>.</summary>
    public static bool IgnoresAlways(ISymbol member, KnownSymbols known) =>
        member.GetAttributes().Any(a => KnownSymbols.Is(a.AttributeClass, known.JsonIgnoreAttribute)
            && a.NamedArguments.All(n => n.Key != "Condition" || n.Value.Value is IgnoreAlways));

    /// <summary>Whether <paramref name="symbol"/> (a type or member) names its own System.Text.Json converter, which then writes all of it.</summary>
    public static bool HasOwnConverter(ISymbol symbol, KnownSymbols known) =>
        known.JsonConverterAttribute is { } converter && symbol.GetAttributes().Any(a => KnownSymbols.DerivesFrom(a.AttributeClass, converter));
}
