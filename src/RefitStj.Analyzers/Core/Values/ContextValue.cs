using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// The context a value is: its type and whether the instance has its <c>[JsonSourceGenerationOptions]</c>
/// (<c>Ctx.Default</c>, <c>new Ctx()</c>), or the field or property in another file it is read from, known at the end.
/// </summary>
internal sealed class ContextValue
{
    public ContextValue(INamedTypeSymbol type, bool attributeOptions)
    {
        Type = type;
        AttributeOptions = attributeOptions;
    }

    private ContextValue(ISymbol writtenIn) => WrittenIn = writtenIn;

    /// <summary>The context type, or <see langword="null"/> where it is <see cref="WrittenIn"/> another file.</summary>
    public INamedTypeSymbol? Type { get; }

    public bool AttributeOptions { get; }

    /// <summary>The field or property, in another file, whose single write is the context.</summary>
    public ISymbol? WrittenIn { get; }

    public static ContextValue Elsewhere(ISymbol member) => new(member);
}
