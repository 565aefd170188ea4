using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c> over a context: RefitStj reads each event's data as <c>T</c> (which the
/// context must cover, as any response type) through a <c>SseItemConverter&lt;T&gt;</c> the context lists in
/// <c>[JsonSourceGenerationOptions(Converters = ...)]</c>; without it the call throws <c>NotSupportedException</c>.
/// </summary>
internal static class SseItemConverters
{
    /// <summary>
    /// The diagnostic for a method returning <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c> whose context lists no
    /// <c>SseItemConverter&lt;T&gt;</c>, or <see langword="null"/> (also when <paramref name="reported"/> already has that converter).
    /// </summary>
    public static Diagnostic? Missing(
        SerializedType serialized, INamedTypeSymbol context, Location location, Location? lastAttribute, KnownSymbols known, Func<ITypeSymbol, string> display, HashSet<ITypeSymbol> reported)
    {
        if (serialized.IsBody
            || serialized.Method.ReturnType is not INamedTypeSymbol { TypeArguments.Length: 1 } stream
            || !KnownSymbols.Is(stream.OriginalDefinition, known.AsyncEnumerable)
            || known.SseItemDataType(stream.TypeArguments[0]) is not { } data
            || known.SseItemConverter is not { } definition)
        {
            return null;
        }

        var converter = definition.Construct(data.WithNullableAnnotation(NullableAnnotation.NotAnnotated));
        if (Lists(context, converter, known) || !reported.Add(converter))
        {
            return null;
        }

        var dataName = display(data);
        var properties = FixProperties.MissingConverter(converter, $"SseItemConverter<{dataName}>", context);
        return Diagnostic.Create(
            Descriptors.MissingSseItemConverter, location, additionalLocations: lastAttribute is null ? [] : [lastAttribute], properties: properties,
            $"{serialized.Method.ContainingType.Name}.{serialized.Method.Name}", dataName, context.Name);
    }

    private static bool Lists(INamedTypeSymbol context, INamedTypeSymbol converter, KnownSymbols known)
    {
        foreach (var attribute in context.GetAttributes())
        {
            if (!KnownSymbols.Is(attribute.AttributeClass, known.JsonSourceGenerationOptionsAttribute))
            {
                continue;
            }

            foreach (var argument in attribute.NamedArguments)
            {
                if (argument.Key == "Converters" && argument.Value.Kind == TypedConstantKind.Array
                    && argument.Value.Values.Any(value => SymbolEqualityComparer.Default.Equals(value.Value as ITypeSymbol, converter)))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
