using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// A <c>[DataContract]</c> type's opt-in: JSON.NET writes and reads only the members an attribute opts in
/// (<c>[DataMember]</c>, <c>[JsonProperty]</c>, <c>[JsonRequired]</c>); System.Text.Json writes every public property.
/// Each property System.Text.Json would add gets a <c>[JsonIgnore]</c> twin, reported at the <c>[DataContract]</c>.
/// </summary>
internal sealed partial class JsonNetAttributes
{
    private static void ReadOptIn(INamedTypeSymbol type, AttributeData dataContract, List<JsonNetFinding> findings)
    {
        // The type declaration the attribute is on (attribute, its list, the declaration).
        var owner = dataContract.ApplicationSyntaxReference?.GetSyntax().Parent?.Parent;
        var twins = new List<JsonNetTwin>();
        var elsewhere = new List<string>();
        foreach (var property in type.GetMembers().OfType<IPropertySymbol>())
        {
            if (!LeftOutByOptIn(type, property))
            {
                continue;
            }

            // The fix edits the declaration the attribute is on: a member declared in another part of the type is named instead.
            if (owner is not null && property.DeclaringSyntaxReferences.Any(r => r.GetSyntax().Parent == owner))
            {
                twins.Add(new JsonNetTwin(JsonNetTwinKind.Ignore, "Always", property.Name));
            }
            else
            {
                elsewhere.Add($"'{property.Name}'");
            }
        }

        if (twins.Count > 0)
        {
            findings.Add(new JsonNetFinding(dataContract.ApplicationSyntaxReference, Display(dataContract), $"'{type.Name}'", twins, null, ""));
        }

        if (elsewhere.Count > 0)
        {
            findings.Add(Without(dataContract, $"'{type.Name}'", $"JSON.NET leaves out the members no [DataMember] opts in, and System.Text.Json writes them: add [JsonIgnore] to {string.Join(", ", elsewhere)}, declared in another part of the type"));
        }
    }

    /// <summary>
    /// Whether System.Text.Json writes <paramref name="property"/> (public, readable, instance) where JSON.NET's opt-in
    /// leaves it out, and a [JsonIgnore] may say so. Not where an attribute opts it in, on it, on the declaration it
    /// overrides or on the interface member of its name (JSON.NET reads all three); not where JSON.NET leaves it out
    /// itself or handles it apart ([JsonIgnore], [IgnoreDataMember], [JsonExtensionData], each read on its own); not where
    /// a System.Text.Json attribute states the user's choice; not C#'s required (System.Text.Json refuses to ignore it), nor
    /// a property a constructor parameter binds (ignoring it would leave that parameter unbound).
    /// </summary>
    private static bool LeftOutByOptIn(INamedTypeSymbol type, IPropertySymbol property)
    {
        if (property is not { IsStatic: false, IsIndexer: false, IsRequired: false, DeclaredAccessibility: Accessibility.Public, GetMethod.DeclaredAccessibility: Accessibility.Public, IsImplicitlyDeclared: false, ExplicitInterfaceImplementations.Length: 0 }
            || property.GetAttributes().Any(a => NameOf(a).StartsWith(Stj, StringComparison.Ordinal) || s_readApart.Contains(NameOf(a)))
            || type.InstanceConstructors.Any(c => c.Parameters.Any(p => string.Equals(p.Name, property.Name, StringComparison.OrdinalIgnoreCase))))
        {
            return false;
        }

        var declarations = new List<IPropertySymbol>();
        for (var current = property; current is not null; current = current.OverriddenProperty)
        {
            declarations.Add(current);
        }

        declarations.AddRange(type.AllInterfaces.SelectMany(i => i.GetMembers(property.Name)).OfType<IPropertySymbol>());
        return !declarations.Any(d => d.GetAttributes().Any(a => s_optingIn.Contains(NameOf(a))));
    }

    // The attributes that opt a member in, and those JSON.NET reads apart from the opt-in.
    private static readonly HashSet<string> s_optingIn = new(StringComparer.Ordinal)
    {
        Newtonsoft + "JsonPropertyAttribute", Newtonsoft + "JsonRequiredAttribute", DataContract + "DataMemberAttribute",
    };

    private static readonly HashSet<string> s_readApart = new(
        s_optingIn.Concat([Newtonsoft + "JsonIgnoreAttribute", DataContract + "IgnoreDataMemberAttribute", Newtonsoft + "JsonExtensionDataAttribute"]),
        StringComparer.Ordinal);
}
