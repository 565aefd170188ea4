using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// Where a source-generated context's options make it send or read other JSON than the default options of the Refit the
/// compilation references, for the types it reaches: camelCase names and case-insensitive reads on every line, and on
/// Refit 16 also numbers read from strings, enums as camelCase strings and <c>object</c> inferred (Refit 17 has none of
/// those). An option the user's <c>[JsonSourceGenerationOptions]</c> states is their choice.
/// </summary>
internal sealed class OptionsDifferences
{
    private OptionsDifferences(List<string> options, List<INamedTypeSymbol> enums, bool objects)
    {
        Options = options;
        Enums = enums;
        Objects = objects;
    }

    /// <summary>The named arguments to add, from <see cref="ContextOptions"/>'s names, in the order the fix writes them.</summary>
    public List<string> Options { get; }

    /// <summary>The enums the context reaches that would go out as numbers: each needs <c>RefitEnumConverter&lt;E&gt;</c>.</summary>
    public List<INamedTypeSymbol> Enums { get; }

    /// <summary>Whether the context reaches <c>object</c> with no converter for it: it needs <c>RefitObjectConverter</c>.</summary>
    public bool Objects { get; }

    public bool IsEmpty => Options.Count == 0 && Enums.Count == 0 && !Objects;

    /// <summary>
    /// What differs for the types <paramref name="coverage"/> has and those RSTJ001's fix adds to it
    /// (<paramref name="added"/>, with all they reach): its options then hold for the context as that fix leaves it.
    /// </summary>
    public static OptionsDifferences Find(ContextCoverage coverage, IReadOnlyCollection<ITypeSymbol> added, ContextOptions options, KnownSymbols known)
    {
        var covered = added.Count == 0 ? coverage.CoveredTypes : coverage.CoveredTypes.Union(RuntimeBodyTypes.Reached(added, known, options.IncludesFields));
        var declared = added.Count == 0 ? coverage.DeclaredTypes : coverage.DeclaredTypes.Union(added);
        var missing = new List<string>();

        // Names matter only where the context writes JSON objects; numbers only where it reads numbers.
        if (covered.Any(IsObjectType))
        {
            missing.AddRange(new[] { ContextOptions.PropertyNamingPolicy, ContextOptions.PropertyNameCaseInsensitive }.Where(o => !options.Stated.Contains(o)));
        }

        // Refit 17's defaults leave numbers, enums and object values at System.Text.Json's, as a context does.
        var refit16 = known.HasRefit16Wire;
        if (refit16 && !options.Stated.Contains(ContextOptions.NumberHandling) && covered.Any(t => IsNumber(Unwrap(t))))
        {
            missing.Add(ContextOptions.NumberHandling);
        }

        var enums = new List<INamedTypeSymbol>();
        if (refit16 && !options.EnumsChosen)
        {
            foreach (var type in covered.Select(Unwrap).OfType<INamedTypeSymbol>().Where(t => t.TypeKind == TypeKind.Enum).Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default))
            {
                if (!options.ConvertedTypes.Contains(type) && !HasConverter(type, known) && HasPlainUse(type, covered, declared, known))
                {
                    enums.Add(type);
                }
            }
        }

        enums.Sort((a, b) => string.CompareOrdinal(a.ToDisplayString(), b.ToDisplayString()));
        var objects = refit16 && covered.Any(t => t.SpecialType == SpecialType.System_Object) && !options.ConvertedTypes.Any(t => t.SpecialType == SpecialType.System_Object);
        return new OptionsDifferences(missing, enums, objects);
    }

    /// <summary>
    /// Whether some use of <paramref name="enumType"/> takes the options' converters: any use but a property or field with
    /// its own <c>[JsonConverter]</c> (the user's choice for that member). With no use found, the enum counts as used plainly.
    /// </summary>
    private static bool HasPlainUse(INamedTypeSymbol enumType, ImmutableHashSet<ITypeSymbol> covered, ImmutableHashSet<ITypeSymbol> declared, KnownSymbols known)
    {
        if (declared.Any(t => Is(t, enumType)))
        {
            return true;
        }

        var attributedUses = 0;
        foreach (var type in covered)
        {
            if (type is IArrayTypeSymbol array && Is(array.ElementType, enumType))
            {
                return true;
            }

            if (type is not INamedTypeSymbol named || named.TypeKind == TypeKind.Enum)
            {
                continue;
            }

            if (IsObjectType(named))
            {
                if (MemberUses(named, enumType, known, ref attributedUses))
                {
                    return true;
                }
            }
            else if (named.OriginalDefinition.SpecialType != SpecialType.System_Nullable_T && named.TypeArguments.Any(a => Is(a, enumType)))
            {
                return true;
            }
        }

        return attributedUses == 0;
    }

    /// <summary>Whether a member of <paramref name="type"/> or its bases is <paramref name="enumType"/> with no <c>[JsonConverter]</c>; counts those with one.</summary>
    private static bool MemberUses(INamedTypeSymbol type, INamedTypeSymbol enumType, KnownSymbols known, ref int attributedUses)
    {
        for (var current = type; current is not null && IsObjectType(current); current = current.BaseType)
        {
            foreach (var member in current.GetMembers())
            {
                // Public members only: a record's backing fields carry no attributes, and System.Text.Json writes none but public ones.
                if (member is IPropertySymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } or IFieldSymbol { IsStatic: false, IsImplicitlyDeclared: false, DeclaredAccessibility: Accessibility.Public }
                    && Is(MemberType(member), enumType))
                {
                    if (!HasConverter(member, known))
                    {
                        return true;
                    }

                    attributedUses++;
                }
            }
        }

        return false;
    }

    private static ITypeSymbol? MemberType(ISymbol member) => member switch
    {
        IPropertySymbol property => property.Type,
        IFieldSymbol field => field.Type,
        _ => null,
    };

    /// <summary>Whether <paramref name="type"/> is <paramref name="enumType"/> or its nullable.</summary>
    private static bool Is(ITypeSymbol? type, INamedTypeSymbol enumType) => type is not null && SymbolEqualityComparer.Default.Equals(Unwrap(type), enumType);

    private static bool HasConverter(ISymbol symbol, KnownSymbols known) =>
        symbol.GetAttributes().Any(a => KnownSymbols.DerivesFrom(a.AttributeClass, known.JsonConverterAttribute!));

    private static ITypeSymbol Unwrap(ITypeSymbol type) =>
        type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : type;

    private static bool IsNumber(ITypeSymbol type) => type.SpecialType is >= SpecialType.System_SByte and <= SpecialType.System_Double;

    /// <summary>A type written as a JSON object of named properties: a class or struct of the app's own, not a collection.</summary>
    private static bool IsObjectType(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Class or TypeKind.Struct, SpecialType: SpecialType.None } named
        && named.ContainingNamespace?.ToDisplayString() is { } ns
        && ns != "System" && !ns.StartsWith("System.", StringComparison.Ordinal) && !ns.StartsWith("Microsoft.", StringComparison.Ordinal)
        && !named.AllInterfaces.Any(i => i.SpecialType == SpecialType.System_Collections_IEnumerable);
}
