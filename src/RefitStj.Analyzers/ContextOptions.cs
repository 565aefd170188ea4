using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// What a context's <c>[JsonSourceGenerationOptions]</c> states: which options the user chose (whatever the value), and
/// which types its converters handle. An option the attribute leaves out takes System.Text.Json's default.
/// </summary>
internal sealed class ContextOptions
{
    // JsonSourceGenerationOptionsAttribute's named arguments that RSTJ002 compares with Refit's default.
    public const string PropertyNamingPolicy = "PropertyNamingPolicy";
    public const string PropertyNameCaseInsensitive = "PropertyNameCaseInsensitive";
    public const string NumberHandling = "NumberHandling";

    private ContextOptions(HashSet<string> stated, HashSet<ITypeSymbol> convertedTypes, bool enumsChosen, Location? attribute)
    {
        Stated = stated;
        ConvertedTypes = convertedTypes;
        EnumsChosen = enumsChosen;
        Attribute = attribute;
    }

    /// <summary>The options the attribute sets, by name; a <c>JsonSerializerDefaults</c> argument sets the three it governs.</summary>
    public HashSet<string> Stated { get; }

    /// <summary>The types a converter in <c>Converters</c> handles: <c>T</c> of a <c>JsonConverter&lt;T&gt;</c>, the type arguments of a generic factory.</summary>
    public HashSet<ITypeSymbol> ConvertedTypes { get; }

    /// <summary>
    /// Whether the user chose how every enum is written: <c>UseStringEnumConverter</c> stated, or a non-generic converter
    /// factory (such as <c>JsonStringEnumConverter</c>) in <c>Converters</c>.
    /// </summary>
    public bool EnumsChosen { get; }

    /// <summary>The attribute's location, or <see langword="null"/> when the context has none.</summary>
    public Location? Attribute { get; }

    public static ContextOptions Read(INamedTypeSymbol context, KnownSymbols known)
    {
        var stated = new HashSet<string>(StringComparer.Ordinal);
        var converted = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var enumsChosen = false;
        Location? location = null;
        var attribute = context.GetAttributes().FirstOrDefault(a => KnownSymbols.Is(a.AttributeClass, known.JsonSourceGenerationOptionsAttribute));
        if (attribute is not null)
        {
            location = attribute.ApplicationSyntaxReference is { } reference ? Location.Create(reference.SyntaxTree, reference.Span) : null;
            if (attribute.ConstructorArguments.Length == 1)
            {
                stated.UnionWith([PropertyNamingPolicy, PropertyNameCaseInsensitive, NumberHandling]);
            }

            foreach (var argument in attribute.NamedArguments)
            {
                stated.Add(argument.Key);
                if (argument.Key == "UseStringEnumConverter")
                {
                    enumsChosen = true;
                }
                else if (argument.Key == "Converters" && !argument.Value.IsNull && argument.Value.Kind == TypedConstantKind.Array)
                {
                    foreach (var converter in argument.Value.Values.Select(v => v.Value).OfType<INamedTypeSymbol>())
                    {
                        enumsChosen |= Read(converter, known, converted);
                    }
                }
            }
        }

        return new ContextOptions(stated, converted, enumsChosen, location);
    }

    /// <summary>Adds the types <paramref name="converter"/> handles; <see langword="true"/> for a non-generic factory, which may handle any enum.</summary>
    private static bool Read(INamedTypeSymbol converter, KnownSymbols known, HashSet<ITypeSymbol> converted)
    {
        for (var type = converter; type is not null; type = type.BaseType)
        {
            if (KnownSymbols.Is(type.OriginalDefinition, known.JsonConverterOfT))
            {
                converted.Add(type.TypeArguments[0]);
                return false;
            }
        }

        if (!KnownSymbols.DerivesFrom(converter, known.JsonConverterFactory!))
        {
            return false;
        }

        converted.UnionWith(converter.TypeArguments);
        return converter.TypeArguments.Length == 0;
    }
}
