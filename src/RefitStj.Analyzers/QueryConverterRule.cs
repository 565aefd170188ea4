using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ005: Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c> throws <c>NotSupportedException</c> at each call on a client
/// whose serializer is not Refit's <c>SystemTextJsonContentSerializer</c>. Where the pairing model knows a client of the
/// interface runs on RefitStj, each <c>[QueryConverter(typeof(SystemTextJsonQueryConverter&lt;T&gt;))]</c> of its methods is
/// reported at the converter type, which <c>StjQueryConverter&lt;T&gt;</c> replaces. Read at the compilation's end, once
/// every client creation is in the model.
/// </summary>
internal sealed class QueryConverterRule
{
    private readonly KnownSymbols _known;

    public QueryConverterRule(KnownSymbols known) => _known = known;

    /// <summary>Reports each Refit query converter of an interface some client of <paramref name="creations"/> certainly runs on RefitStj.</summary>
    public void Report(CompilationAnalysisContext context, IEnumerable<ClientCreation> creations)
    {
        if (_known.QueryConverterAttribute is null || _known.RefitQueryConverter is null)
        {
            return;
        }

        // Each interface once, named in the message by itself where it has such a client, else by the first (by name) that inherits it.
        var apis = creations.Where(c => c.Serializer.IsCertainlyRefitStj()).Select(c => c.Api).Distinct<INamedTypeSymbol>(SymbolEqualityComparer.Default)
            .OrderBy(api => api.ToDisplayString(), StringComparer.Ordinal).ToList();
        var clientOf = new Dictionary<INamedTypeSymbol, INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var api in apis)
        {
            clientOf[api] = api;
        }

        foreach (var api in apis)
        {
            foreach (var inherited in api.AllInterfaces)
            {
                if (!clientOf.ContainsKey(inherited))
                {
                    clientOf[inherited] = api;
                }
            }
        }

        foreach (var pair in clientOf)
        {
            foreach (var method in pair.Key.GetMembers().OfType<IMethodSymbol>())
            {
                foreach (var parameter in method.Parameters)
                {
                    context.CancellationToken.ThrowIfCancellationRequested();
                    if (RefitConverterOf(parameter) is var (location, item))
                    {
                        context.ReportDiagnostic(Diagnostic.Create(
                            Descriptors.QueryConverter, location, $"{method.ContainingType.Name}.{method.Name}", parameter.Name, item.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat), pair.Value.Name));
                    }
                }
            }
        }
    }

    /// <summary>Where <c>SystemTextJsonQueryConverter&lt;T&gt;</c> is written in the parameter's <c>[QueryConverter]</c>, and its <c>T</c>.</summary>
    private (Location Location, ITypeSymbol Item)? RefitConverterOf(IParameterSymbol parameter)
    {
        foreach (var attribute in parameter.GetAttributes())
        {
            if (KnownSymbols.Is(attribute.AttributeClass, _known.QueryConverterAttribute)
                && attribute.ConstructorArguments.Length == 1
                && attribute.ConstructorArguments[0].Value is INamedTypeSymbol { TypeArguments.Length: 1 } converter
                && KnownSymbols.Is(converter.OriginalDefinition, _known.RefitQueryConverter)
                && attribute.ApplicationSyntaxReference?.GetSyntax() is AttributeSyntax { ArgumentList.Arguments: { Count: > 0 } arguments }
                && arguments[0].Expression is TypeOfExpressionSyntax typeOf)
            {
                return (typeOf.Type.GetLocation(), converter.TypeArguments[0]);
            }
        }

        return null;
    }
}
