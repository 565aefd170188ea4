using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.Contract;

namespace RefitStj.Analyzers.Core;

/// <summary>
/// The model's facts about what clients are paired with, each computed once for the compilation and read by every rule
/// that needs it: a context's coverage (RSTJ001, RSTJ002) and options (RSTJ002), an interface's contract (RSTJ001), a
/// client's gaps in a context (RSTJ001, RSTJ002), and
/// the compilation's own types a body or an <c>object</c> value may be at run time (RSTJ001).
/// </summary>
/// <remarks>
/// Each is a function of symbols alone, kept the first time a rule asks: the value is the same whichever callback asks
/// first, and immutable once made, so the memo is not state a rule can see change. It lives as long as the model.
/// </remarks>
internal sealed partial class PairingModel
{
    private readonly ConcurrentDictionary<INamedTypeSymbol, ContextCoverage?> _coverage = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<INamedTypeSymbol, ContextOptions> _options = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<INamedTypeSymbol, ImmutableArray<SerializedType>> _contracts = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<INamedTypeSymbol, ImmutableArray<ITypeSymbol>> _namedTypes = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<(INamedTypeSymbol Api, INamedTypeSymbol Context), ImmutableArray<ContextGap>> _gaps = new(SymbolPairComparer.Instance);
    private readonly Lazy<ImmutableHashSet<INamedTypeSymbol>> _adaptedReturnTypes;
    private readonly Lazy<ImmutableArray<INamedTypeSymbol>> _concreteTypes;
    private readonly Lazy<ImmutableArray<ITypeSymbol>> _objectValueTypes;

    /// <summary>The concrete classes and structs of the compilation's own source: what an interface or abstract body may be at run time.</summary>
    public ImmutableArray<INamedTypeSymbol> ConcreteSourceTypes => _concreteTypes.Value;

    /// <summary>The types an <c>object</c> value is checked for, in order.</summary>
    public ImmutableArray<ITypeSymbol> ObjectValueTypes => _objectValueTypes.Value;

    /// <summary>The types <paramref name="context"/> has metadata for, or <see langword="null"/> where its generated code is not in the compilation.</summary>
    public ContextCoverage? CoverageOf(INamedTypeSymbol context) => _coverage.GetOrAdd(context, type => ContextCoverage.Read(type, _known));

    /// <summary>What the context's <c>[JsonSourceGenerationOptions]</c> states.</summary>
    public ContextOptions OptionsOf(INamedTypeSymbol context) => _options.GetOrAdd(context, type => ContextOptions.Read(type, _known));

    /// <summary>The types the interface <paramref name="api"/> hands to its content serializer, in declaration order.</summary>
    public ImmutableArray<SerializedType> ContractOf(INamedTypeSymbol api) => _contracts.GetOrAdd(api, type => RefitContract.SerializedTypes(type, _known, IsAdapted).ToImmutableArray());

    /// <summary>What a client of <paramref name="api"/> hands <paramref name="coverage"/>'s context that it has no metadata for (RSTJ001, and RSTJ002 for what RSTJ001's fix adds).</summary>
    public ImmutableArray<ContextGap> GapsOf(INamedTypeSymbol api, ContextCoverage coverage) => _gaps.GetOrAdd((api, coverage.Context), _ => ContextGaps.Of(api, coverage, this, _known));

    /// <summary>
    /// Every type a message about a client of <paramref name="api"/> may name (RSTJ001): the types its contract hands over,
    /// the concrete source types a body written by its runtime type may be, and the types an <c>object</c> value is checked for.
    /// </summary>
    public ImmutableArray<ITypeSymbol> NamedTypesOf(INamedTypeSymbol api) => _namedTypes.GetOrAdd(api, type =>
    {
        var contract = ContractOf(type);
        var implementations = contract
            .Where(serialized => serialized.IsBody && RuntimeBodyTypes.WritesRuntimeType(serialized.Type, _known))
            .SelectMany(body => RuntimeBodyTypes.Implementations(body.Type, ConcreteSourceTypes));
        return contract.Select(serialized => serialized.Type).Concat(implementations).Concat(ObjectValueTypes).ToImmutableArray();
    });

    private bool IsAdapted(INamedTypeSymbol returnType) => _adaptedReturnTypes.Value.Contains(returnType);

    private sealed class SymbolPairComparer : IEqualityComparer<(INamedTypeSymbol Api, INamedTypeSymbol Context)>
    {
        public static readonly SymbolPairComparer Instance = new();

        public bool Equals((INamedTypeSymbol Api, INamedTypeSymbol Context) x, (INamedTypeSymbol Api, INamedTypeSymbol Context) y) =>
            SymbolEqualityComparer.Default.Equals(x.Api, y.Api) && SymbolEqualityComparer.Default.Equals(x.Context, y.Context);

        public int GetHashCode((INamedTypeSymbol Api, INamedTypeSymbol Context) pair) =>
            (SymbolEqualityComparer.Default.GetHashCode(pair.Api) * 31) + SymbolEqualityComparer.Default.GetHashCode(pair.Context);
    }
}
