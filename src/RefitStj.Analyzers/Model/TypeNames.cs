using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// How a message names types as the file of a call writes them there. The types the call's interface hands to its
/// serializer are named in the call's callback, by C#'s own minimal names at the call (aliases, ambiguities and
/// shadowing included); any other type without the namespaces the file's usings (global ones included) bring in,
/// relative to the namespaces around the call. Kept as strings, so a call reported at the compilation's end names its
/// types as one reported live.
/// </summary>
internal sealed class TypeNames
{
    // How the message names a type: as the code would, without the '?' of a nullable reference, which typeof refuses.
    private static readonly SymbolDisplayFormat s_minimal = SymbolDisplayFormat.MinimallyQualifiedFormat
        .RemoveMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    // C#'s minimal format, every type with its namespaces: the scope then takes off what the call's file does not write.
    private static readonly SymbolDisplayFormat s_qualified = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers | SymbolDisplayMiscellaneousOptions.UseSpecialTypes);

    private readonly ImmutableDictionary<ITypeSymbol, string> _named;
    private readonly ImmutableHashSet<string> _imported;
    private readonly ImmutableArray<string> _enclosing;

    private TypeNames(ImmutableDictionary<ITypeSymbol, string> named, ImmutableHashSet<string> imported, ImmutableArray<string> enclosing)
    {
        _named = named;
        _imported = imported;
        _enclosing = enclosing;
    }

    /// <summary>The names as written at <paramref name="position"/> of <paramref name="model"/>'s file, <paramref name="types"/> (and their type arguments and elements) by C#'s own.</summary>
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

        var imported = ImmutableHashSet.CreateBuilder<string>(StringComparer.Ordinal);
        foreach (var scope in model.GetImportScopes(position))
        {
            foreach (var import in scope.Imports)
            {
                if (import.NamespaceOrType is INamespaceSymbol { IsGlobalNamespace: false } imports)
                {
                    imported.Add(imports.ToDisplayString());
                }
            }
        }

        // Innermost first: a namespace inside the call's own is written relative to the nearest one around it.
        var enclosing = ImmutableArray.CreateBuilder<string>();
        for (var around = model.GetEnclosingSymbol(position)?.ContainingNamespace; around is { IsGlobalNamespace: false }; around = around.ContainingNamespace)
        {
            var name = around.ToDisplayString();
            imported.Add(name);
            enclosing.Add(name);
        }

        return new TypeNames(named.ToImmutable(), imported.ToImmutable(), enclosing.ToImmutable());
    }

    /// <summary><paramref name="type"/> as the call's file writes it: generic arguments, arrays and nullable value types included.</summary>
    public string Name(ITypeSymbol type) => _named.TryGetValue(type, out var name) ? name : Qualified(type);

    private static IEnumerable<ITypeSymbol> Parts(ITypeSymbol type) => type switch
    {
        INamedTypeSymbol named => named.TypeArguments.SelectMany(Parts).Prepend(type),
        IArrayTypeSymbol array => Parts(array.ElementType).Prepend(type),
        _ => [type],
    };

    private string Qualified(ITypeSymbol type)
    {
        var name = new StringBuilder();
        var space = new StringBuilder();
        foreach (var part in type.ToDisplayParts(s_qualified))
        {
            if (part.Kind == SymbolDisplayPartKind.NamespaceName)
            {
                space.Append(part.ToString());
            }
            else if (space.Length > 0 && part.Kind == SymbolDisplayPartKind.Punctuation && part.ToString() == ".")
            {
                space.Append('.');
            }
            else
            {
                name.Append(Written(space.ToString())).Append(part.ToString());
                space.Clear();
            }
        }

        return name.Append(space).ToString();
    }

    /// <summary>A namespace prefix (<c>A.B.</c>) as written at the call: nothing where it is in scope, else relative to the nearest namespace around the call.</summary>
    private string Written(string prefix)
    {
        if (prefix.Length == 0 || _imported.Contains(prefix.TrimEnd('.')))
        {
            return string.Empty;
        }

        foreach (var around in _enclosing)
        {
            if (prefix.StartsWith(around + ".", StringComparison.Ordinal))
            {
                return prefix.Substring(around.Length + 1);
            }
        }

        return prefix;
    }
}
