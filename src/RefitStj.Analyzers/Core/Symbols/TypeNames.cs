using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Symbols;

/// <summary>
/// How a message names types as the file of a call writes them there: C#'s own minimal names at the call (usings,
/// aliases, ambiguities and shadowing included), read in the call's callback for every type a message about its client
/// may name (<see cref="PairingModel.NamedTypesOf"/>) and kept as strings, so that a call reported at the compilation's
/// end names its types as one reported live.
/// </summary>
internal sealed class TypeNames
{
    // How the message names a type: as the code would, without the '?' of a nullable reference, which typeof refuses.
    private static readonly SymbolDisplayFormat s_minimal = SymbolDisplayFormat.MinimallyQualifiedFormat
        .RemoveMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly ImmutableDictionary<ITypeSymbol, string> _named;

    private TypeNames(ImmutableDictionary<ITypeSymbol, string> named) => _named = named;

    /// <summary><paramref name="types"/> (and their type arguments and elements) named as written at <paramref name="position"/> of <paramref name="model"/>'s file.</summary>
    public static TypeNames At(SemanticModel model, int position, IEnumerable<ITypeSymbol> types)
    {
        var named = ImmutableDictionary.CreateBuilder<ITypeSymbol, string>(SymbolEqualityComparer.Default);
        foreach (var type in types.SelectMany(Parts))
        {
            if (!named.ContainsKey(type))
            {
                named[type] = type.ToMinimalDisplayString(model, position, s_minimal);
            }
        }

        return new TypeNames(named.ToImmutable());
    }

    /// <summary><paramref name="type"/> as the call's file writes it; a type no message was expected to name, without its namespaces.</summary>
    public string Name(ITypeSymbol type) => _named.TryGetValue(type, out var name) ? name : type.ToDisplayString(s_minimal);

    private static IEnumerable<ITypeSymbol> Parts(ITypeSymbol type) => type switch
    {
        INamedTypeSymbol named => named.TypeArguments.SelectMany(Parts).Prepend(type),
        IArrayTypeSymbol array => Parts(array.ElementType).Prepend(type),
        _ => [type],
    };
}
