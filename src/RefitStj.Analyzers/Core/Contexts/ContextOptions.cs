using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// What a context's <c>[JsonSourceGenerationOptions]</c> states: which options the user chose (whatever the value), the
/// converters it lists and which types they handle, and where it is written. An option the attribute leaves out takes
/// System.Text.Json's default. The one reading of the attribute: rules ask the model, and the fixes get what they write
/// (the names below, the attribute's location) in the diagnostic.
/// </summary>
internal sealed class ContextOptions
{
    // JsonSourceGenerationOptionsAttribute's named arguments that RSTJ002 compares with Refit's default.
    public const string PropertyNamingPolicy = "PropertyNamingPolicy";
    public const string PropertyNameCaseInsensitive = "PropertyNameCaseInsensitive";
    public const string NumberHandling = "NumberHandling";

    // The named argument that lists converter types.
    public const string Converters = "Converters";

    // JsonKnownNamingPolicy.CamelCase, and JsonNumberHandling's Strict and AllowReadingFromString: Refit's values, no format of the user's own.
    private const int CamelCase = 1;
    private const int Strict = 0;
    private const int AllowReadingFromString = 1;

    private ContextOptions(HashSet<string> stated, HashSet<ITypeSymbol> listed, HashSet<ITypeSymbol> convertedTypes, bool enumsChosen, bool ownFormat, Location? attribute)
    {
        ListedConverters = listed.ToImmutableHashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        // Frozen: the model shares one instance between rules that run concurrently.
        Stated = stated.ToImmutableHashSet(StringComparer.Ordinal);
        StatesOwnFormat = ownFormat;
        ConvertedTypes = convertedTypes.ToImmutableHashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        EnumsChosen = enumsChosen;
        Attribute = attribute;
    }

    /// <summary>The options the attribute sets, by name; a <c>JsonSerializerDefaults</c> argument sets the three it governs.</summary>
    public ImmutableHashSet<string> Stated { get; }

    /// <summary>The converter types <c>Converters</c> lists.</summary>
    public ImmutableHashSet<ITypeSymbol> ListedConverters { get; }

    /// <summary>The types a converter in <c>Converters</c> handles: <c>T</c> of a <c>JsonConverter&lt;T&gt;</c>, the type arguments of a generic factory.</summary>
    public ImmutableHashSet<ITypeSymbol> ConvertedTypes { get; }

    /// <summary>
    /// Whether the user chose how every enum is written: <c>UseStringEnumConverter</c> stated, or a non-generic converter
    /// factory (such as <c>JsonStringEnumConverter</c>) in <c>Converters</c>.
    /// </summary>
    public bool EnumsChosen { get; }

    /// <summary>
    /// Whether the attribute states a wire format of the user's own: a naming policy other than camelCase, a
    /// <c>JsonSerializerDefaults</c>, a number handling other than Refit's (Refit 16: <c>AllowReadingFromString</c>;
    /// Refit 17: <c>Strict</c>, or <c>AllowReadingFromString</c>, which writes the same and is what a context written for
    /// 16 states), or how every enum is written. Such a context is written for its API on purpose; RSTJ002 proposes no
    /// change to it.
    /// </summary>
    public bool StatesOwnFormat { get; }

    /// <summary>Whether the attribute states <c>IncludeFields = true</c>: the generator then writes public fields too.</summary>
    public bool IncludesFields { get; private set; }

    /// <summary>The attribute's location, or <see langword="null"/> when the context has none or it is not in this compilation.</summary>
    public Location? Attribute { get; }

    public static ContextOptions Read(INamedTypeSymbol context, KnownSymbols known)
    {
        var stated = new HashSet<string>(StringComparer.Ordinal);
        var listed = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var converted = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var enumsChosen = false;
        var ownFormat = false;
        var includeFields = false;
        Location? location = null;
        var attribute = context.GetAttributes().FirstOrDefault(a => KnownSymbols.Is(a.AttributeClass, known.JsonSourceGenerationOptionsAttribute));
        if (attribute is not null)
        {
            location = known.LocationInCompilation(attribute.ApplicationSyntaxReference);
            if (attribute.ConstructorArguments.Length == 1)
            {
                stated.UnionWith([PropertyNamingPolicy, PropertyNameCaseInsensitive, NumberHandling]);
                ownFormat = true;
            }

            foreach (var argument in attribute.NamedArguments)
            {
                stated.Add(argument.Key);
                ownFormat |= argument.Key switch
                {
                    PropertyNamingPolicy => argument.Value.Value is not CamelCase,
                    NumberHandling => !IsRefitNumberHandling(argument.Value.Value, known),
                    _ => false,
                };
                if (argument.Key == "IncludeFields")
                {
                    includeFields = argument.Value.Value is true;
                }
                else if (argument.Key == "UseStringEnumConverter")
                {
                    enumsChosen = true;
                }
                else if (argument.Key == Converters && !argument.Value.IsNull && argument.Value.Kind == TypedConstantKind.Array)
                {
                    foreach (var converter in argument.Value.Values.Select(v => v.Value).OfType<INamedTypeSymbol>())
                    {
                        listed.Add(converter);
                        enumsChosen |= Read(converter, known, converted);
                    }
                }
            }
        }

        return new ContextOptions(stated, listed, converted, enumsChosen, ownFormat || enumsChosen, location) { IncludesFields = includeFields };
    }

    private static bool IsRefitNumberHandling(object? value, KnownSymbols known) =>
        value is AllowReadingFromString || (value is Strict && !known.HasRefit16Wire);

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
