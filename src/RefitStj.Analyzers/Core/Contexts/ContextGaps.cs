using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// The types a client's calls hand a context that it has no metadata for, each once, in the order RSTJ001 reports them and
/// its fix adds them: the contract's own types, then the concrete types a body written by its runtime type may be, then the
/// types an <c>object</c> value in a body is checked for. RSTJ002 reads the same list, so that its options count what
/// RSTJ001's fix brings in, whichever fix runs first.
/// </summary>
internal static class ContextGaps
{
    /// <summary>The gaps of <paramref name="coverage"/> for a client of <paramref name="api"/>; read through <see cref="PairingModel.GapsOf"/>, which keeps them.</summary>
    public static ImmutableArray<ContextGap> Of(INamedTypeSymbol api, ContextCoverage coverage, PairingModel model, KnownSymbols known)
    {
        var contract = model.ContractOf(api);
        var reported = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var gaps = ImmutableArray.CreateBuilder<ContextGap>();
        foreach (var serialized in contract)
        {
            if (!coverage.Covers(serialized.Type) && reported.Add(serialized.Type))
            {
                gaps.Add(new ContextGap(ContextGapKind.Declared, serialized, ImmutableArray.Create(serialized.Type)));
            }
        }

        // What bodies hand over at run time: checked once the declared types are, each type once per call.
        foreach (var body in contract.Where(serialized => serialized.IsBody))
        {
            if (RuntimeBodyTypes.WritesRuntimeType(body.Type, known))
            {
                foreach (var type in RuntimeBodyTypes.Implementations(body.Type, model.ConcreteSourceTypes))
                {
                    if (!coverage.Covers(type) && known.Compilation.IsSymbolAccessibleWithin(type, coverage.Context) && reported.Add(type))
                    {
                        gaps.Add(new ContextGap(ContextGapKind.RuntimeType, body, ImmutableArray.Create<ITypeSymbol>(type)));
                    }
                }
            }

            if (RuntimeBodyTypes.ReachesObject(body.Type, known))
            {
                var missing = model.ObjectValueTypes.Where(type => !coverage.Covers(type) && reported.Add(type)).ToImmutableArray();
                if (missing.Length > 0)
                {
                    gaps.Add(new ContextGap(ContextGapKind.ObjectValues, body, missing));
                }
            }
        }

        return gaps.ToImmutable();
    }
}
