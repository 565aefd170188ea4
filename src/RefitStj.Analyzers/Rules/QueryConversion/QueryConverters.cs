using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.QueryConversion;

/// <summary>A parameter's <c>[QueryConverter(typeof(...))]</c> when it names Refit's or RefitStj's converter, read from its symbol.</summary>
internal sealed class QueryConverters
{
    private readonly KnownSymbols _known;

    public QueryConverters(KnownSymbols known) => _known = known;

    /// <summary>Whether the compilation has Refit's <c>[QueryConverter]</c> at all.</summary>
    public bool Any => _known.QueryConverterAttribute is not null && (_known.RefitQueryConverter is not null || _known.StjQueryConverter is not null);

    /// <summary>
    /// Each parameter of the interface <paramref name="api"/>'s own methods that names Refit's or RefitStj's converter,
    /// in declaration order, with the method's name as messages show it (<c>IApi.Search</c>).
    /// </summary>
    public IEnumerable<(string Method, IParameterSymbol Parameter, bool IsRefits, Location? Written, string Item)> In(INamedTypeSymbol api, CancellationToken cancellationToken)
    {
        foreach (var method in api.GetMembers().OfType<IMethodSymbol>())
        {
            foreach (var parameter in method.Parameters)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (Of(parameter) is var (isRefits, written, item))
                {
                    yield return ($"{method.ContainingType.Name}.{method.Name}", parameter, isRefits, written, item.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat));
                }
            }
        }
    }

    /// <summary>
    /// Which converter the parameter names (<c>IsRefits</c>: Refit's, else RefitStj's), where its type is written when that
    /// is in this compilation, and its <c>T</c>; or <see langword="null"/> for any other converter or none.
    /// </summary>
    public (bool IsRefits, Location? Written, ITypeSymbol Item)? Of(IParameterSymbol parameter)
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
