using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.Contract;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.ContextTypes;

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
    /// The fix edits the context's options attribute where it has one in this compilation, else adds one beside
    /// <paramref name="lastAttribute"/>.
    /// </summary>
    public static Diagnostic? Missing(
        SerializedType serialized, INamedTypeSymbol context, ContextOptions options, Location location, Location? lastAttribute, KnownSymbols known, Func<ITypeSymbol, string> display, HashSet<ITypeSymbol> reported)
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
        if (options.ListedConverters.Contains(converter) || !reported.Add(converter))
        {
            return null;
        }

        var dataName = display(data);
        var edited = options.Attribute ?? lastAttribute;
        var properties = FixProperties.MissingConverter(converter, $"SseItemConverter<{dataName}>", context, extendsAttribute: options.Attribute is not null);
        return Diagnostic.Create(
            Descriptors.Rstj001MissingSseItemConverter, location, additionalLocations: edited is null ? [] : [edited], properties: properties,
            $"{serialized.Method.ContainingType.Name}.{serialized.Method.Name}", dataName, context.Name);
    }
}
