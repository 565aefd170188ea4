using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contract;

/// <summary>
/// Refit's generator lets a type of the compilation that implements <c>IReturnTypeAdapter&lt;TReturn, TResult&gt;</c> take
/// over any method returning <c>TReturn</c>: what it deserializes is then the adapter's business, not these rules'.
/// </summary>
internal static class ReturnTypeAdapters
{
    /// <summary>The generic definitions (or types) of every <c>TReturn</c> an adapter in the compilation's own source adapts.</summary>
    public static HashSet<INamedTypeSymbol> AdaptedReturnTypes(KnownSymbols known)
    {
        var adapted = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        if (known.ReturnTypeAdapter is { } adapterInterface)
        {
            Collect(known.Compilation.Assembly.GlobalNamespace, adapterInterface, adapted);
        }

        return adapted;
    }

    private static void Collect(INamespaceOrTypeSymbol container, INamedTypeSymbol adapterInterface, HashSet<INamedTypeSymbol> adapted)
    {
        foreach (var member in container.GetMembers())
        {
            if (member is INamespaceSymbol ns)
            {
                Collect(ns, adapterInterface, adapted);
            }
            else if (member is INamedTypeSymbol type)
            {
                foreach (var implemented in type.AllInterfaces)
                {
                    if (SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, adapterInterface)
                        && implemented.TypeArguments[0] is INamedTypeSymbol returnType)
                    {
                        adapted.Add(returnType.OriginalDefinition);
                    }
                }

                Collect(type, adapterInterface, adapted);
            }
        }
    }
}
