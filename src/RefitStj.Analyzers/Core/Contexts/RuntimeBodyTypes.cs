using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contexts;

/// <summary>
/// The types a request body puts through the serializer that its declared type does not name: the concrete types of an
/// interface or abstract body (RefitStj writes the runtime type), and the values of <c>object</c> members (written by
/// their runtime type, with Refit's object inference and without it).
/// </summary>
internal static class RuntimeBodyTypes
{
    // What an object value is written as: what Refit's inference reads values as (bool, long, double, DateTime, string,
    // JsonElement, so a value read and sent back), and the types code most often puts there (int, decimal, DateTimeOffset, Guid).
    private static readonly SpecialType[] s_objectValueSpecialTypes =
    [
        SpecialType.System_Boolean, SpecialType.System_Int32, SpecialType.System_Int64, SpecialType.System_Double,
        SpecialType.System_Decimal, SpecialType.System_String, SpecialType.System_DateTime,
    ];

    /// <summary>The types an <c>object</c> value is checked for, in that order.</summary>
    public static List<ITypeSymbol> ObjectValueTypes(KnownSymbols known)
    {
        var types = new List<ITypeSymbol>();
        types.AddRange(s_objectValueSpecialTypes.Select(known.Compilation.GetSpecialType));
        types.AddRange(known.ObjectValueTypes);
        return types;
    }

    /// <summary>
    /// Whether RefitStj writes a body declared as <paramref name="body"/> by its runtime type: an interface or abstract
    /// class with neither <c>[JsonPolymorphic]</c> nor <c>[JsonDerivedType]</c> (with them, System.Text.Json writes subtypes itself).
    /// </summary>
    public static bool WritesRuntimeType(ITypeSymbol body, KnownSymbols known) =>
        body is INamedTypeSymbol { TypeKind: TypeKind.Interface or TypeKind.Class } named
        && (named.TypeKind == TypeKind.Interface || named.IsAbstract)
        && named.SpecialType == SpecialType.None
        && !named.GetAttributes().Any(a => a.AttributeClass is { } type && KnownSymbols.IsOneOf(type, known.PolymorphismAttributes));

    /// <summary>The concrete types among <paramref name="candidates"/> that implement or derive from <paramref name="body"/>.</summary>
    public static IEnumerable<INamedTypeSymbol> Implementations(ITypeSymbol body, IEnumerable<INamedTypeSymbol> candidates) =>
        candidates.Where(type => body.TypeKind == TypeKind.Interface
            ? type.AllInterfaces.Contains(body, SymbolEqualityComparer.Default)
            : KnownSymbols.DerivesFrom(type.BaseType, (INamedTypeSymbol)body));

    /// <summary>
    /// The types of the compilation's own source that a context could declare: classes and structs, not abstract, not
    /// static, not generic.
    /// </summary>
    public static List<INamedTypeSymbol> ConcreteSourceTypes(Compilation compilation)
    {
        var types = new List<INamedTypeSymbol>();
        var pending = new Stack<INamespaceOrTypeSymbol>();
        pending.Push(compilation.Assembly.GlobalNamespace);
        while (pending.Count > 0)
        {
            foreach (var member in pending.Pop().GetMembers())
            {
                if (member is INamespaceOrTypeSymbol container)
                {
                    pending.Push(container);
                }

                if (member is INamedTypeSymbol { TypeKind: TypeKind.Class or TypeKind.Struct, IsAbstract: false, IsStatic: false, Arity: 0, IsImplicitlyDeclared: false } type)
                {
                    types.Add(type);
                }
            }
        }

        return types;
    }

    /// <summary>
    /// Whether a value of <paramref name="root"/> can hold an <c>object</c>: through elements, type arguments or the
    /// public properties (and <c>[JsonInclude]</c> fields) of the app's own types, as System.Text.Json writes them.
    /// </summary>
    public static bool ReachesObject(ITypeSymbol root, KnownSymbols known) =>
        Reached([root], known).Any(type => type.SpecialType == SpecialType.System_Object);

    /// <summary>
    /// The types System.Text.Json's generator emits metadata for when a context declares <paramref name="roots"/>: the
    /// roots, their elements and type arguments, the subtypes their <c>[JsonDerivedType]</c> names, and the types of the
    /// members of the app's own types among them that it writes (public properties, <c>[JsonInclude]</c> members, and
    /// public fields where <paramref name="includeFields"/>), recursively; not into a type its own <c>[JsonConverter]</c> writes.
    /// </summary>
    public static HashSet<ITypeSymbol> Reached(IEnumerable<ITypeSymbol> roots, KnownSymbols known, bool includeFields = false)
    {
        var seen = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        var pending = new Stack<ITypeSymbol>(roots);
        while (pending.Count > 0)
        {
            var type = pending.Pop();
            if (!seen.Add(type))
            {
                continue;
            }

            if (type is IArrayTypeSymbol array)
            {
                pending.Push(array.ElementType);
            }
            else if (type is INamedTypeSymbol named && !StjMembers.HasOwnConverter(named, known))
            {
                foreach (var argument in named.TypeArguments)
                {
                    pending.Push(argument);
                }

                foreach (var derived in named.GetAttributes().Where(a => KnownSymbols.IsOneOf(a.AttributeClass!, known.PolymorphismAttributes) && a.AttributeClass!.Name == "JsonDerivedTypeAttribute"))
                {
                    if (derived.ConstructorArguments.FirstOrDefault().Value is ITypeSymbol subtype)
                    {
                        pending.Push(subtype);
                    }
                }

                // Framework types (collections, primitives) are written through their type arguments only.
                for (var current = named; current is not null && !IsFramework(current); current = current.BaseType)
                {
                    foreach (var member in current.GetMembers())
                    {
                        if (StjMembers.WrittenType(member, known, includeFields) is { } memberType)
                        {
                            pending.Push(memberType);
                        }
                    }
                }
            }
        }

        return seen;
    }

    private static bool IsFramework(INamedTypeSymbol type) =>
        type.ContainingNamespace?.ToDisplayString() is { } ns
        && (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns.StartsWith("Microsoft.", StringComparison.Ordinal));
}
