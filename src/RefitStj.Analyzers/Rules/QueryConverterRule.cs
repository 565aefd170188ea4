using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ005 and RSTJ006: a query converter that throws on the serializer a client of its interface certainly runs on.
/// Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c> throws on RefitStj's serializer (RSTJ005; fixed to
/// <c>StjQueryConverter&lt;T&gt;</c> unless a client of the interface may run on Refit's serializer, where that one would
/// throw: then the report names both and carries no fix); RefitStj's <c>StjQueryConverter&lt;T&gt;</c> throws on any other
/// (RSTJ006). Each parameter of an interface is reported once, however many clients or closed generic forms it has: at
/// the converter where it is written in this compilation, else at the first such client creation. Read at the
/// compilation's end, once every client creation is in.
/// </summary>
internal sealed class QueryConverterRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.QueryConverter, Descriptors.QueryConverterOnBoth, Descriptors.StjQueryConverterOnRefit);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new OnCompilation(known);

    private sealed class OnCompilation : Reporter
    {
        private readonly KnownSymbols _known;

        public OnCompilation(KnownSymbols known) => _known = known;

        /// <summary>Reports each query converter that throws on a client of its interface among <paramref name="creations"/>.</summary>
        public override void ReportAtEnd(CompilationAnalysisContext context, IReadOnlyList<ClientCreation> creations)
        {
            if (_known.QueryConverterAttribute is null || (_known.RefitQueryConverter is null && _known.StjQueryConverter is null))
            {
                return;
            }

            // Each interface by its definition (a generic one closed twice is one set of attributes), with the clients serving it, in source order.
            var clients = new Dictionary<INamedTypeSymbol, List<ClientCreation>>(SymbolEqualityComparer.Default);
            foreach (var creation in creations.OrderBy(c => c.Invocation.Syntax.SyntaxTree.FilePath, StringComparer.Ordinal).ThenBy(c => c.Invocation.Syntax.SpanStart))
            {
                if (creation.Api is not { } api)
                {
                    continue;
                }

                foreach (var served in api.AllInterfaces.Prepend(api))
                {
                    if (!clients.TryGetValue(served.OriginalDefinition, out var list))
                    {
                        clients[served.OriginalDefinition] = list = [];
                    }

                    list.Add(creation);
                }
            }

            foreach (var pair in clients.OrderBy(p => p.Key.ToDisplayString(), StringComparer.Ordinal))
            {
                var onRefitStj = pair.Value.Where(c => c.Serializer.IsCertainlyRefitStj()).ToList();
                var onRefit = pair.Value.Where(c => c.Serializer.IsCertainlyRefitOwn()).ToList();
                var mayBeRefit = pair.Value.FirstOrDefault(c => c.Serializer.MayBeRefitOwn());
                foreach (var method in pair.Key.GetMembers().OfType<IMethodSymbol>())
                {
                    foreach (var parameter in method.Parameters)
                    {
                        context.CancellationToken.ThrowIfCancellationRequested();
                        if (ConverterOf(parameter) is not var (isRefits, written, item))
                        {
                            continue;
                        }

                        var name = $"{method.ContainingType.Name}.{method.Name}";
                        var itemName = item.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat);
                        if (isRefits && onRefitStj.Count > 0)
                        {
                            var client = NameOf(onRefitStj, pair.Key);
                            var location = written ?? onRefitStj[0].Invocation.Syntax.GetLocation();
                            context.ReportDiagnostic(mayBeRefit is null
                                ? Diagnostic.Create(Descriptors.QueryConverter, location, written is null ? null : FixProperties.ReplaceQueryConverter, name, parameter.Name, itemName, client)
                                : Diagnostic.Create(Descriptors.QueryConverterOnBoth, location, name, parameter.Name, itemName, client, mayBeRefit.Api!.Name));
                        }
                        else if (!isRefits && onRefit.Count > 0)
                        {
                            context.ReportDiagnostic(Diagnostic.Create(
                                Descriptors.StjQueryConverterOnRefit, written ?? onRefit[0].Invocation.Syntax.GetLocation(), name, parameter.Name, itemName, NameOf(onRefit, pair.Key)));
                        }
                    }
                }
            }
        }

        /// <summary>The interface a message names: the one reported where it has such a client itself, else the first by name that inherits it.</summary>
        private static string NameOf(List<ClientCreation> clients, INamedTypeSymbol api) =>
            clients.Any(c => SymbolEqualityComparer.Default.Equals(c.Api!.OriginalDefinition, api))
                ? api.Name
                : clients.Select(c => c.Api!).OrderBy(c => c.ToDisplayString(), StringComparer.Ordinal).First().Name;

        /// <summary>
        /// The parameter's <c>[QueryConverter]</c> when it names Refit's or RefitStj's converter: which, where the converter type
        /// is written when that is in this compilation, and its <c>T</c>.
        /// </summary>
        private (bool IsRefits, Location? Written, ITypeSymbol Item)? ConverterOf(IParameterSymbol parameter)
        {
            foreach (var attribute in parameter.GetAttributes())
            {
                if (KnownSymbols.Is(attribute.AttributeClass, _known.QueryConverterAttribute)
                    && attribute.ConstructorArguments.Length == 1
                    && attribute.ConstructorArguments[0].Value is INamedTypeSymbol { TypeArguments.Length: 1 } converter)
                {
                    var isRefits = KnownSymbols.Is(converter.OriginalDefinition, _known.RefitQueryConverter);
                    if (!isRefits && !KnownSymbols.Is(converter.OriginalDefinition, _known.StjQueryConverter))
                    {
                        return null;
                    }

                    var written = _known.LocationInCompilation(attribute.ApplicationSyntaxReference) is not null
                        && attribute.ApplicationSyntaxReference!.GetSyntax() is AttributeSyntax { ArgumentList.Arguments: { Count: > 0 } arguments }
                        && arguments[0].Expression is TypeOfExpressionSyntax typeOf
                            ? typeOf.Type.GetLocation()
                            : null;
                    return (isRefits, written, converter.TypeArguments[0]);
                }
            }

            return null;
        }
    }
}
