using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contract;

/// <summary>
/// Which types a Refit interface passes to its content serializer, by the rules of Refit's generator and request runner
/// (the same from 14.0.1 to 16.4.0; RefitStj supports 16.3.0 up). Every rule answers only where the call is certain; anything Refit may handle otherwise is left out.
/// </summary>
internal static class RefitContract
{
    /// <summary>The serialized types of every HTTP method of <paramref name="api"/> and of the interfaces it inherits, in declaration order.</summary>
    public static List<SerializedType> SerializedTypes(INamedTypeSymbol api, KnownSymbols known, Func<INamedTypeSymbol, bool> isAdapted)
    {
        var types = new List<SerializedType>();
        if (known.HttpMethodAttribute is null)
        {
            return types;
        }

        foreach (var type in Enumerable.Repeat(api, 1).Concat(api.AllInterfaces))
        {
            foreach (var member in type.GetMembers())
            {
                if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false } method
                    || HttpMethodOf(method, known.HttpMethodAttribute) is not { } httpMethod
                    || TakesJsonTypeInfo(method, known))
                {
                    continue;
                }

                if (ResponseType(method.ReturnType, known, isAdapted) is { } response)
                {
                    types.Add(new SerializedType(method, response, isBody: false));
                }

                if (RefitBody.BodyType(method, httpMethod, known) is { } body)
                {
                    types.Add(new SerializedType(method, body, isBody: true));
                }
            }
        }

        return types;
    }

    /// <summary>
    /// The type Refit deserializes a response into: the <c>T</c> of <c>Task&lt;T&gt;</c>, <c>ValueTask&lt;T&gt;</c> or
    /// <c>IObservable&lt;T&gt;</c>, unwrapped from <c>ApiResponse&lt;T&gt;</c>/<c>IApiResponse&lt;T&gt;</c>, and the item type
    /// of <c>IAsyncEnumerable&lt;T&gt;</c> (the data type of <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c>). Not string, Stream, HttpContent or HttpResponseMessage, which Refit returns itself.
    /// </summary>
    internal static ITypeSymbol? ResponseType(ITypeSymbol returnType, KnownSymbols known, Func<INamedTypeSymbol, bool> isAdapted)
    {
        if (returnType is not INamedTypeSymbol { TypeArguments.Length: 1 } wrapper || isAdapted(wrapper.OriginalDefinition))
        {
            return null;
        }

        var result = wrapper.TypeArguments[0];
        if (KnownSymbols.IsOneOf(wrapper.OriginalDefinition, known.AwaitedResults))
        {
            if (result is INamedTypeSymbol { TypeArguments.Length: 1 } apiResponse && KnownSymbols.IsOneOf(apiResponse.OriginalDefinition, known.ApiResponses))
            {
                result = apiResponse.TypeArguments[0];
            }

            return result.SpecialType == SpecialType.System_String || IsNonJson(result, known) ? null : Certain(result, known);
        }

        // Each streamed item goes through DeserializeStreamAsync<T>, strings included: Refit special-cases nothing there.
        // An SseItem<T>'s data is read as T (through the SseItemConverter<T> RSTJ001 checks for).
        if (!KnownSymbols.Is(wrapper.OriginalDefinition, known.AsyncEnumerable))
        {
            return null;
        }

        result = known.SseItemDataType(result) ?? result;
        return !IsNonJson(result, known) && !IsApiResponse(result, known) ? Certain(result, known) : null;
    }

    /// <summary>HttpContent, Stream, HttpResponseMessage or a type derived from one: raw content, never JSON.</summary>
    internal static bool IsNonJson(ITypeSymbol type, KnownSymbols known)
    {
        foreach (var raw in known.RawContentTypes)
        {
            if (KnownSymbols.DerivesFrom(type, raw))
            {
                return true;
            }
        }

        return KnownSymbols.Is(type, known.NonGenericApiResponse);
    }

    /// <summary>The type itself when it is fully known at compile time: no type parameter, no error type, not dynamic.</summary>
    internal static ITypeSymbol? Certain(ITypeSymbol type, KnownSymbols known) =>
        IsClosed(type) && !KnownSymbols.Is(type, known.NonGenericApiResponse) ? type : null;

    private static bool IsApiResponse(ITypeSymbol type, KnownSymbols known) =>
        type is INamedTypeSymbol named && (KnownSymbols.IsOneOf(named.OriginalDefinition, known.ApiResponses) || KnownSymbols.Is(named, known.NonGenericApiResponse));

    private static bool IsClosed(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol or IErrorTypeSymbol or IDynamicTypeSymbol or IPointerTypeSymbol or IFunctionPointerTypeSymbol => false,
        IArrayTypeSymbol array => IsClosed(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.All(IsClosed) && (named.ContainingType is null || IsClosed(named.ContainingType)),
        _ => true,
    };

    private static AttributeData? HttpMethodOf(IMethodSymbol method, INamedTypeSymbol httpMethodAttribute)
    {
        foreach (var attribute in method.GetAttributes())
        {
            if (KnownSymbols.DerivesFrom(attribute.AttributeClass, httpMethodAttribute))
            {
                return attribute;
            }
        }

        return null;
    }

    /// <summary>Refit 16's <c>JsonTypeInfo&lt;T&gt;</c> parameters need Refit's own serializer: Refit throws for such methods before any body.</summary>
    private static bool TakesJsonTypeInfo(IMethodSymbol method, KnownSymbols known) =>
        method.Parameters.Any(p => KnownSymbols.Is(p.Type.OriginalDefinition, known.JsonTypeInfo));
}
