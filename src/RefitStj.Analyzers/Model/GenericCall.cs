using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// A call of a generic method declared in the compilation, which may close a client creation a wrapper makes over its
/// type parameter (<see cref="ClientCreation.ThroughWrapper"/>): the method as called and where, nothing of the operation.
/// </summary>
internal sealed class GenericCall
{
    public GenericCall(IMethodSymbol method, Location location)
    {
        Method = method;
        Location = location;
    }

    /// <summary>The method as called, its type arguments given.</summary>
    public IMethodSymbol Method { get; }

    public Location Location { get; }
}
