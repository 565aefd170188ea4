using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>One call that creates a Refit client (<c>RestService.For</c>, <c>AddRefitClient</c>...): its interface and its serializer.</summary>
internal sealed class ClientCreation
{
    public ClientCreation(IInvocationOperation invocation, INamedTypeSymbol api, SerializerValue serializer)
    {
        Invocation = invocation;
        Api = api;
        Serializer = serializer;
    }

    public IInvocationOperation Invocation { get; }

    /// <summary>The Refit interface the client implements.</summary>
    public INamedTypeSymbol Api { get; }

    /// <summary>What the client's serializer is: one value, a choice, or unknown.</summary>
    public SerializerValue Serializer { get; }

    /// <summary>
    /// The contexts whose metadata alone the client may run on, each once: the <see cref="SerializerKind.StjOverContext"/>
    /// values among the possible ones, without reflection fallback. RSTJ001 checks each.
    /// </summary>
    public IEnumerable<SerializerValue> StjContextsWithoutFallback() =>
        Serializer.Possible()
            .Where(v => v.Kind == SerializerKind.StjOverContext && v.Context is not null && !v.MayFallBack)
            .GroupBy(v => v.Context!, SymbolEqualityComparer.Default)
            .Select(g => g.First());

    /// <summary>
    /// The contexts whose <c>[JsonSourceGenerationOptions]</c> the client may write and read with, not as the user's chosen
    /// format (<c>StjContentSerializer.ForContext</c>): RSTJ002 compares each with Refit's default.
    /// </summary>
    public IEnumerable<INamedTypeSymbol> StjContextsWithAttributeOptions() =>
        Serializer.Possible()
            .Where(v => v.Kind == SerializerKind.StjOverContext && v.Context is not null && v.ContextHasAttributeOptions && !v.IsChosenFormat)
            .Select(v => v.Context!)
            .Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default);
}
