using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>JSON.NET's enum attributes: <c>StringEnumConverter</c> on an enum or on a member of its type, and <c>[EnumMember]</c> values.</summary>
internal sealed partial class JsonNetAttributes
{
    private void ReadEnum(INamedTypeSymbol type, List<JsonNetFinding> findings)
    {
        var name = $"'{type.Name}'";
        foreach (var attribute in type.GetAttributes())
        {
            if (NameOf(attribute) != Newtonsoft + "JsonConverterAttribute")
            {
                continue;
            }

            if (!IsPlainStringEnumConverter(attribute))
            {
                findings.Add(Without(attribute, name, ConverterAdvice(attribute)));
                continue;
            }

            if (!_genericEnumConverter || !_memberNames)
            {
                findings.Add(Without(attribute, name, "JSON.NET writes the names as declared and [EnumMember] values, which System.Text.Json's JsonStringEnumMemberName (System.Text.Json 9 or later) keeps: reference System.Text.Json 9.0 or later, or put [JsonConverter(typeof(JsonStringEnumConverter<" + type.Name + ">))] on each property of this enum"));
                continue;
            }

            // The converter where the enum's own attribute wins (no converter in the options), and each member's name as
            // JSON.NET writes it, which RefitStj's default enum converter (it wins over the type's attribute) writes too.
            var twins = new List<JsonNetTwin>();
            var inGeneric = false;
            for (var outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                inGeneric |= outer.IsGenericType;
            }

            if (Find(type, Stj + "JsonConverterAttribute") is null && inGeneric)
            {
                // typeof(JsonStringEnumConverter<Color>) inside Page<T> names an open type: CS0416.
                findings.Add(Without(attribute, name, $"an enum nested in a generic type cannot name its converter on itself (typeof of an open type): move '{type.Name}' out of '{type.ContainingType!.Name}', or put [JsonConverter(typeof(JsonStringEnumConverter<...>))] with the closed enum type on each property of it"));
            }
            else if (Find(type, Stj + "JsonConverterAttribute") is null)
            {
                twins.Add(new JsonNetTwin(JsonNetTwinKind.EnumConverter));
            }

            foreach (var field in type.GetMembers().OfType<IFieldSymbol>().Where(f => f.IsConst && Find(f, Stj + "JsonStringEnumMemberNameAttribute") is null))
            {
                twins.Add(new JsonNetTwin(JsonNetTwinKind.MemberName, EnumMemberValue(field) ?? field.Name, field.Name));
            }

            if (twins.Count > 0)
            {
                findings.Add(new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), name, twins, null, type.Name));
            }

            // JSON.NET writes and reads a combination as "A, B"; Refit 16's enum converter, a number, and no twin on the type
            // wins over it. Said where a client runs on those options (the rule knows), until each property converts it.
            if (type.GetAttributes().Any(a => NameOf(a) == "System.FlagsAttribute"))
            {
                findings.Add(new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), name, [], $"JSON.NET writes and reads a combination of flags as \"A, B\"; RefitStj's default options (Refit 16's enums), whose enum converter wins over a converter on the enum, write a combination that is no declared member as a number and refuse \"A, B\": put [JsonConverter(typeof(JsonStringEnumConverter<{type.Name}>))] on each property of this enum as well (a property's converter wins over the options')", "", flagsEnum: type));
            }
        }

        foreach (var field in type.GetMembers().OfType<IFieldSymbol>().Where(f => f.IsConst))
        {
            if (Find(field, DataContract + "EnumMemberAttribute") is not { } attribute || EnumMemberValue(field) is not { } value || Find(field, Stj + "JsonStringEnumMemberNameAttribute") is not null)
            {
                continue;
            }

            var member = $"'{type.Name}.{field.Name}'";
            findings.Add(_memberNames
                ? new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), member, [new JsonNetTwin(JsonNetTwinKind.MemberName, value)], null, type.Name)
                : Without(attribute, member, "[JsonStringEnumMemberName] keeps this value from System.Text.Json 9 on: reference System.Text.Json 9.0 or later"));
        }
    }

    private static INamedTypeSymbol? EnumOf(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Enum } named ? named
        : type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable && nullable.TypeArguments[0] is INamedTypeSymbol { TypeKind: TypeKind.Enum } inner ? inner
        : null;

    private static string? EnumMemberValue(IFieldSymbol field) =>
        Find(field, DataContract + "EnumMemberAttribute") is { } attribute ? Named(attribute, "Value") as string : null;
}
