using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Clients;

namespace RefitStj.Analyzers.Rules.QueryConversion;

/// <summary>
/// One Refit interface by its definition (a generic one closed twice is one set of attributes) with every client that
/// serves it, itself or through an interface that inherits it, in source order: what the query-converter rules read at
/// the compilation's end, once every creation is in.
/// </summary>
internal sealed class InterfaceClients
{
    private InterfaceClients(INamedTypeSymbol definition, ImmutableArray<ClientCreation> clients)
    {
        Definition = definition;
        Clients = clients;
    }

    public INamedTypeSymbol Definition { get; }

    public ImmutableArray<ClientCreation> Clients { get; }

    /// <summary>Each interface the clients of <paramref name="creations"/> serve, by name.</summary>
    public static ImmutableArray<InterfaceClients> Of(IReadOnlyList<ClientCreation> creations)
    {
        var clients = new Dictionary<INamedTypeSymbol, ImmutableArray<ClientCreation>.Builder>(SymbolEqualityComparer.Default);
        foreach (var creation in creations.OrderBy(c => c.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(c => c.Location.SourceSpan.Start))
        {
            if (creation.Api is not { } api)
            {
                continue;
            }

            foreach (var served in api.AllInterfaces.Prepend(api))
            {
                if (!clients.TryGetValue(served.OriginalDefinition, out var list))
                {
                    clients[served.OriginalDefinition] = list = ImmutableArray.CreateBuilder<ClientCreation>();
                }

                list.Add(creation);
            }
        }

        return clients.OrderBy(p => p.Key.ToDisplayString(), StringComparer.Ordinal).Select(p => new InterfaceClients(p.Key, p.Value.ToImmutable())).ToImmutableArray();
    }

    /// <summary>The interface a message names for <paramref name="clients"/>: this one where it has such a client itself, else the first by name that inherits it.</summary>
    public string NameOf(IReadOnlyList<ClientCreation> clients) =>
        clients.Any(c => SymbolEqualityComparer.Default.Equals(c.Api!.OriginalDefinition, Definition))
            ? Definition.Name
            : clients.Select(c => c.Api!).OrderBy(c => c.ToDisplayString(), StringComparer.Ordinal).First().Name;
}
