using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Contract;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>Types a context lacks, found through one type of a client's contract.</summary>
internal sealed class ContextGap
{
    public ContextGap(ContextGapKind kind, SerializedType source, ImmutableArray<ITypeSymbol> types)
    {
        Kind = kind;
        Source = source;
        Types = types;
    }

    public ContextGapKind Kind { get; }

    /// <summary>The contract's type the gap was found through: the type itself, or the body that hands the types over.</summary>
    public SerializedType Source { get; }

    public ImmutableArray<ITypeSymbol> Types { get; }
}
