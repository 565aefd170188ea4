using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Clients;

/// <summary>
/// Every client the compilation creates, built once at its end from what each call's reading gave: the creations, and
/// the clients the calls of generic wrappers make. The same set in the same order (by file, then span) whatever
/// order the calls were read in, so no rule that reads it depends on which callback ran first.
/// </summary>
internal static class CompilationClients
{
    // By file, start, then end: calls chained on one line start at one place (the inner call ends first).
    public static readonly Comparer<Location> Locations = Comparer<Location>.Create((x, y) =>
        string.CompareOrdinal(x.SourceTree?.FilePath, y.SourceTree?.FilePath) is var byFile and not 0 ? byFile
        : x.SourceSpan.Start.CompareTo(y.SourceSpan.Start) is var byStart and not 0 ? byStart
        : x.SourceSpan.End.CompareTo(y.SourceSpan.End));

    private static readonly Comparer<ClientCreation> s_bySource = Comparer<ClientCreation>.Create((x, y) => Locations.Compare(x.Location, y.Location));

    /// <summary>
    /// The creations, and for each wrapper over a type parameter, the clients its calls make: certain where the wrapper
    /// holds one creation over that parameter; where it holds several (one picked by the type argument, say), each call
    /// only may make each, so the error rules stay silent on them.
    /// </summary>
    public static ImmutableArray<ClientCreation> Of(IEnumerable<ClientCreation> read, IEnumerable<GenericCall> genericCalls)
    {
        var creations = read.OrderBy(c => c, s_bySource).ToImmutableArray();
        var calls = genericCalls.OrderBy(c => c.Location, Locations).ToImmutableArray();
        var throughWrappers = creations.Where(c => c.Api is null)
            .GroupBy(c => c.ApiType, SymbolEqualityComparer.Default)
            .SelectMany(group => group.Select(wrapped => group.Count() == 1 ? wrapped : wrapped.MaybeMade()))
            .SelectMany(wrapped => calls.Select(wrapped.ThroughWrapper).OfType<ClientCreation>());
        return creations.AddRange(throughWrappers);
    }
}
