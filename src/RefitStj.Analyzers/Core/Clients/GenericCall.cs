using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Clients;

/// <summary>
/// A call of a generic method declared in the compilation, which may close a client creation a wrapper makes over its
/// type parameter (<see cref="ClientCreation.ThroughWrapper"/>): the method as called, where, and
/// how its file names the types of its interface type arguments; nothing of the operation.
/// </summary>
internal sealed class GenericCall
{
    public GenericCall(IMethodSymbol method, Location location, TypeNames names)
    {
        Method = method;
        Location = location;
        Names = names;
    }

    /// <summary>The method as called, its type arguments given.</summary>
    public IMethodSymbol Method { get; }

    public Location Location { get; }

    /// <summary>How messages about the clients the call makes name types: as the call's file writes them.</summary>
    public TypeNames Names { get; }
}
