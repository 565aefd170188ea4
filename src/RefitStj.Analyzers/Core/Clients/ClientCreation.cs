using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Core.Values;

namespace RefitStj.Analyzers.Core.Clients;

/// <summary>
/// One call that creates a Refit client (<c>RestService.For</c>, <c>AddRefitClient</c>...): where it is written, its
/// interface and its serializer. Immutable, and made of symbols and a location only, so that the compilation's end can
/// hold every creation without holding their operations or syntax trees' semantic models.
/// </summary>
internal sealed class ClientCreation
{
    public ClientCreation(Location location, ITypeSymbol api, SerializerValue serializer, TypeNames names, ClientMade made = ClientMade.ByItsCall)
    {
        Location = location;
        ApiType = api;
        Serializer = serializer;
        Names = names;
        Made = made;
    }

    /// <summary>The call, where rules report about this client.</summary>
    public Location Location { get; }

    /// <summary>How messages about this client name types: as the call's file writes them.</summary>
    public TypeNames Names { get; }

    /// <summary>The Refit interface the client implements, or <see langword="null"/> inside a generic wrapper (<see cref="ApiType"/> is then its type parameter).</summary>
    public INamedTypeSymbol? Api => ApiType as INamedTypeSymbol;

    /// <summary>The interface, or the wrapper's type parameter each call of the wrapper closes.</summary>
    public ITypeSymbol ApiType { get; }

    /// <summary>Whether the call creates the client itself or through a generic wrapper, and then certainly or maybe.</summary>
    public ClientMade Made { get; }

    /// <summary>
    /// The client a call of a generic wrapper makes (<c>static T Make&lt;T&gt;() =&gt; RestService.For&lt;T&gt;(...)</c> called as
    /// <c>Make&lt;IApi&gt;()</c>): this creation's serializer, for the interface the call closes, reported at the call; or
    /// <see langword="null"/> when <paramref name="call"/> does not call this creation's wrapper with an interface.
    /// </summary>
    public ClientCreation? ThroughWrapper(GenericCall call) =>
        ApiType is ITypeParameterSymbol { DeclaringMethod: { } wrapper, Ordinal: var ordinal }
        && SymbolEqualityComparer.Default.Equals(Declaration(call.Method), Declaration(wrapper))
        && call.Method.TypeArguments[ordinal] is INamedTypeSymbol { TypeKind: TypeKind.Interface } api
            ? new ClientCreation(call.Location, api, Serializer, call.Names, Made == ClientMade.MaybeThroughWrapper ? Made : ClientMade.ThroughWrapper)
            : null;

    // A partial method is called through its declaration and holds its type parameters in its implementation.
    private static IMethodSymbol Declaration(IMethodSymbol method) => method.OriginalDefinition.PartialDefinitionPart ?? method.OriginalDefinition;

    /// <summary>This creation with its serializer settled at the compilation's end.</summary>
    public ClientCreation WithSerializer(SerializerValue serializer) => new(Location, ApiType, serializer, Names, Made);

    /// <summary>This creation as one a caller may or may not reach: its serializer read as reachable elsewhere, never certain.</summary>
    public ClientCreation MaybeMade() => new(Location, ApiType, Serializer.AsReachableElsewhere(), Names, ClientMade.MaybeThroughWrapper);

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
    /// The contexts whose <c>[JsonSourceGenerationOptions]</c> the client may write and read with: RSTJ002 compares each
    /// with Refit's default.
    /// </summary>
    public IEnumerable<INamedTypeSymbol> StjContextsWithAttributeOptions() =>
        Serializer.Possible()
            .Where(v => v.Kind == SerializerKind.StjOverContext && v.Context is not null && v.ContextHasAttributeOptions)
            .Select(v => v.Context!)
            .Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default);
}
