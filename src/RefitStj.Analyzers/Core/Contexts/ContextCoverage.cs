using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// The types a source-generated <c>JsonSerializerContext</c> has metadata for, read from what System.Text.Json's
/// generator emitted: one <c>JsonTypeInfo&lt;T&gt;</c> property per type, declared or reachable from a declared one.
/// </summary>
internal sealed class ContextCoverage
{
    // Generated trees live under the generator's assembly name, in the compiler and in the IDE alike.
    private const string GeneratorAssembly = "System.Text.Json.SourceGeneration";

    private ContextCoverage(INamedTypeSymbol context, HashSet<ITypeSymbol> covered, HashSet<ITypeSymbol> declared, Location? lastAttribute)
    {
        Context = context;
        CoveredTypes = covered.ToImmutableHashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        DeclaredTypes = declared.ToImmutableHashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        LastAttribute = lastAttribute;
    }

    public INamedTypeSymbol Context { get; }

    /// <summary>Every type the generator emitted metadata for: the declared ones and all they reach.</summary>
    public ImmutableHashSet<ITypeSymbol> CoveredTypes { get; }

    /// <summary>The types the context names with <c>[JsonSerializable]</c>.</summary>
    public ImmutableHashSet<ITypeSymbol> DeclaredTypes { get; }

    /// <summary>
    /// The context's last <c>[JsonSerializable]</c> attribute, where the fix adds the next one after it; <see langword="null"/>
    /// when it is not in this compilation (a referenced project's or assembly's context): then no fix is offered.
    /// </summary>
    public Location? LastAttribute { get; }

    /// <summary>
    /// Whether a call for <paramref name="type"/> finds metadata. A type already named by <c>[JsonSerializable]</c> counts
    /// as covered even without generated metadata: the generator has reported why, and adding the attribute again fixes nothing.
    /// </summary>
    public bool Covers(ITypeSymbol type) => CoveredTypes.Contains(type) || DeclaredTypes.Contains(type);

    /// <summary>
    /// The coverage of <paramref name="context"/>, or <see langword="null"/> when the generator's output is not in the
    /// compilation (generator not run, or the context is not one it accepts): then nothing can be said.
    /// </summary>
    public static ContextCoverage? Read(INamedTypeSymbol context, KnownSymbols known)
    {
        if (!KnownSymbols.DerivesFrom(context.BaseType, known.JsonSerializerContext) || !HasGeneratedResolver(context, known))
        {
            return null;
        }

        var covered = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var member in context.GetMembers())
        {
            if (member is IPropertySymbol { IsStatic: false, Type: INamedTypeSymbol { TypeArguments.Length: 1 } type }
                && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known.JsonTypeInfo))
            {
                covered.Add(type.TypeArguments[0]);
            }
        }

        var declared = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        Location? lastAttribute = null;
        foreach (var attribute in context.GetAttributes())
        {
            if (KnownSymbols.Is(attribute.AttributeClass, known.JsonSerializableAttribute)
                && attribute.ConstructorArguments.Length > 0 && attribute.ConstructorArguments[0].Value is ITypeSymbol declaredType)
            {
                declared.Add(declaredType);
                lastAttribute = known.LocationInCompilation(attribute.ApplicationSyntaxReference);
            }
        }

        return new ContextCoverage(context, covered, declared, lastAttribute);
    }

    /// <summary>
    /// Whether System.Text.Json's generator wrote the context's <c>GetTypeInfo(Type)</c> override, as it always does: a
    /// context without it (generator not run, or a hand-written one) has no generated metadata to read. In a referenced
    /// assembly no tree is left to tell: there the generator's <c>[GeneratedCode]</c> on the context says it.
    /// </summary>
    private static bool HasGeneratedResolver(INamedTypeSymbol context, KnownSymbols known)
    {
        if (context.Locations.All(l => l.IsInMetadata))
        {
            return context.GetAttributes().Any(a => KnownSymbols.Is(a.AttributeClass, known.GeneratedCodeAttribute)
                && a.ConstructorArguments.Length > 0 && a.ConstructorArguments[0].Value is GeneratorAssembly);
        }

        foreach (var member in context.GetMembers("GetTypeInfo"))
        {
            if (member is IMethodSymbol { IsOverride: true, Parameters.Length: 1 } method
                && method.Parameters[0].Type is { Name: "Type", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
                && method.DeclaringSyntaxReferences.Any(r => r.SyntaxTree.FilePath.IndexOf(GeneratorAssembly, StringComparison.Ordinal) >= 0))
            {
                return true;
            }
        }

        return false;
    }
}
