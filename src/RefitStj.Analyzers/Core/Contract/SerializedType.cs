using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Contract;

/// <summary>One type that a Refit method certainly hands to the content serializer.</summary>
internal readonly struct SerializedType
{
    public SerializedType(IMethodSymbol method, ITypeSymbol type, bool isBody)
    {
        Method = method;
        Type = type;
        IsBody = isBody;
    }

    public IMethodSymbol Method { get; }

    public ITypeSymbol Type { get; }

    /// <summary>A request body (written), or else a response (read).</summary>
    public bool IsBody { get; }
}
