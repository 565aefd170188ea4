using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Contract;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// The types a Refit interface puts on the wire through its serializer or its field names: the request bodies and
/// responses of its contract (<see cref="PairingModel.ContractOf"/>), its form-url-encoded bodies (their field names come
/// from the content serializer's <c>GetFieldNameForProperty</c>: JSON.NET's gave <c>[JsonProperty]</c>'s), then,
/// recursively, the element types, type arguments, base types and member types of the app's own types among them. Each
/// type with whether it is sent, read or both. Not <c>[Query]</c> objects: Refit names their keys by
/// <c>[JsonPropertyName]</c> itself and never asked JSON.NET, so a twin there would rename keys JSON.NET's app sent as declared.
/// </summary>
internal static class ClientWireTypes
{
    // Refit's BodySerializationMethod.UrlEncoded.
    private const int UrlEncoded = 2;

    /// <summary>Every type <paramref name="api"/> sends or reads, with the direction (<see cref="WireDirection"/>).</summary>
    public static Dictionary<ITypeSymbol, WireDirection> Of(INamedTypeSymbol api, PairingModel model, KnownSymbols known)
    {
        var found = new Dictionary<ITypeSymbol, WireDirection>(SymbolEqualityComparer.Default);
        var pending = new Stack<(ITypeSymbol Type, WireDirection Direction)>();

        // A generic type's members are walked once per declaration and direction: Node<T> with a Node<List<T>> member
        // would otherwise close itself over ever bigger arguments. Another closing's arguments are still walked.
        var walked = new HashSet<(ITypeSymbol Declaration, WireDirection Direction)>(new DeclarationComparer());
        foreach (var serialized in model.ContractOf(api))
        {
            pending.Push((serialized.Type, serialized.IsBody ? WireDirection.Sends : WireDirection.Reads));
        }

        foreach (var parameter in FieldNamedParameters(api, known))
        {
            pending.Push((parameter, WireDirection.Sends));
        }

        while (pending.Count > 0)
        {
            var (type, direction) = pending.Pop();
            if (found.TryGetValue(type, out var seen) && (seen & direction) == direction)
            {
                continue;
            }

            found[type] = seen | direction;
            var members = walked.Add((type.OriginalDefinition, direction));
            foreach (var reached in Reached(type, members, known))
            {
                pending.Push((reached, direction));
            }
        }

        return found;
    }

    /// <summary>Whether the app's serializer code writes members of <paramref name="type"/> itself: not a framework type, not JSON.NET's own.</summary>
    public static bool IsOwnType(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Class or TypeKind.Struct or TypeKind.Enum or TypeKind.Interface, SpecialType: SpecialType.None }
        && !IsForeign(type.ContainingNamespace?.ToDisplayString() ?? "");

    private static bool IsForeign(string ns) =>
        ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns.StartsWith("Microsoft.", StringComparison.Ordinal)
        || ns == "Newtonsoft.Json" || ns.StartsWith("Newtonsoft.Json.", StringComparison.Ordinal);

    /// <summary>The form bodies of the interface's HTTP methods: their field names are the serializer's.</summary>
    private static IEnumerable<ITypeSymbol> FieldNamedParameters(INamedTypeSymbol api, KnownSymbols known)
    {
        if (known.HttpMethodAttribute is not { } httpMethod)
        {
            yield break;
        }

        foreach (var method in api.AllInterfaces.Prepend(api).SelectMany(type => type.GetMembers()).OfType<IMethodSymbol>())
        {
            if (!method.GetAttributes().Any(a => KnownSymbols.DerivesFrom(a.AttributeClass, httpMethod)))
            {
                continue;
            }

            foreach (var parameter in method.Parameters)
            {
                foreach (var attribute in parameter.GetAttributes())
                {
                    var isForm = KnownSymbols.Is(attribute.AttributeClass, known.BodyAttribute)
                        && attribute.ConstructorArguments.Any(a => a.Kind == TypedConstantKind.Enum && a.Value is UrlEncoded);
                    if (isForm && RefitContract.Certain(parameter.Type, known) is { } type && IsOwnType(type) && type.TypeKind != TypeKind.Enum)
                    {
                        yield return type;
                    }
                }
            }
        }
    }

    /// <summary>What a value of <paramref name="type"/> puts on the wire besides itself.</summary>
    private static IEnumerable<ITypeSymbol> Reached(ITypeSymbol type, bool members, KnownSymbols known)
    {
        if (type is IArrayTypeSymbol array)
        {
            yield return array.ElementType;
            yield break;
        }

        if (type is not INamedTypeSymbol named)
        {
            yield break;
        }

        // A nested type closes its containing types too (Outer<Foo>.Inner): their arguments reach the wire through it.
        for (var closing = named; closing is not null; closing = closing.ContainingType)
        {
            foreach (var argument in closing.TypeArguments)
            {
                yield return argument;
            }
        }

        if (!members || !IsOwnType(named) || named.TypeKind == TypeKind.Enum)
        {
            yield break;
        }

        if (named.BaseType is { } baseType && IsOwnType(baseType))
        {
            yield return baseType;
        }

        foreach (var member in named.GetMembers())
        {
            if (MemberType(member, known) is { } memberType)
            {
                yield return memberType;
            }
        }
    }

    /// <summary>The type of an instance property or field either serializer may write: public, or named by an attribute.</summary>
    private static ITypeSymbol? MemberType(ISymbol member, KnownSymbols known)
    {
        var type = member switch
        {
            IPropertySymbol { IsStatic: false, IsIndexer: false } property => property.Type,
            IFieldSymbol { IsStatic: false, IsConst: false, IsImplicitlyDeclared: false } field => field.Type,
            _ => null,
        };
        return type is not null && RefitContract.Certain(type, known) is not null
            && (member.DeclaredAccessibility == Accessibility.Public || member.GetAttributes().Length > 0)
            ? type
            : null;
    }

    private sealed class DeclarationComparer : IEqualityComparer<(ITypeSymbol Declaration, WireDirection Direction)>
    {
        public bool Equals((ITypeSymbol Declaration, WireDirection Direction) x, (ITypeSymbol Declaration, WireDirection Direction) y) =>
            x.Direction == y.Direction && SymbolEqualityComparer.Default.Equals(x.Declaration, y.Declaration);

        public int GetHashCode((ITypeSymbol Declaration, WireDirection Direction) obj) =>
            SymbolEqualityComparer.Default.GetHashCode(obj.Declaration) ^ (int)obj.Direction;
    }
}
