using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// The JSON.NET and DataContract attributes of one type and its members that System.Text.Json ignores, each with its
/// System.Text.Json twin or what to write instead. Whether JSON.NET is there is read from <see cref="KnownSymbols"/>; its
/// attributes are then recognised by full name, as the analyzer does not reference JSON.NET.
/// DataContract's attributes count only where JSON.NET is referenced (JSON.NET honours them; System.Text.Json never did).
/// </summary>
internal sealed partial class JsonNetAttributes
{
    private const string Newtonsoft = "Newtonsoft.Json.";
    private const string Stj = "System.Text.Json.Serialization.";
    private const string DataContract = "System.Runtime.Serialization.";

    // JSON.NET's enum values: NullValueHandling.Ignore; DefaultValueHandling Ignore, Populate, IgnoreAndPopulate;
    // Required AllowNull, Always, DisallowNull; MemberSerialization.OptIn and Fields.
    private const int Ignore = 1;
    private const int Populate = 2;
    private const int IgnoreAndPopulate = 3;
    private const int AllowNull = 1;
    private const int Always = 2;
    private const int DisallowNull = 3;

    private readonly KnownSymbols _known;
    private readonly bool _memberNames;
    private readonly bool _genericEnumConverter;

    private JsonNetAttributes(KnownSymbols known)
    {
        _known = known;
        _memberNames = known.JsonStringEnumMemberNameAttribute is not null;
        _genericEnumConverter = known.GenericJsonStringEnumConverter is not null;
    }

    /// <summary>The reader, or <see langword="null"/> where the compilation does not reference JSON.NET.</summary>
    public static JsonNetAttributes? Create(KnownSymbols known) =>
        known.JsonNetPropertyAttribute is null ? null : new JsonNetAttributes(known);

    /// <summary>What System.Text.Json ignores on <paramref name="type"/> and its own members (a base type is read as a type of its own).</summary>
    public List<JsonNetFinding> Of(INamedTypeSymbol type)
    {
        var findings = new List<JsonNetFinding>();
        if (type.TypeKind == TypeKind.Enum)
        {
            ReadEnum(type, findings);
            return findings;
        }

        // As JSON.NET reads a type (GetObjectMemberSerialization): a [JsonObject] on it, a base type or an interface decides,
        // OptOut unless it states another; else [DataContract] on it or a base type makes members opt in. [DataMember]
        // counts wherever a [DataContract] is.
        var dataContract = DataContractOf(type) is not null;
        var optIn = JsonObjectOf(type) is { } jsonObject ? MemberSerializationOf(jsonObject) == OptInMembers : dataContract;
        foreach (var attribute in type.GetAttributes())
        {
            switch (NameOf(attribute))
            {
                case Newtonsoft + "JsonConverterAttribute":
                    findings.Add(Without(attribute, $"'{type.Name}'", ConverterAdvice(attribute)));
                    break;
                case Newtonsoft + "JsonObjectAttribute" when ObjectAdvice(attribute) is { } advice:
                    findings.Add(Without(attribute, $"'{type.Name}'", advice));
                    break;
                case DataContract + "DataContractAttribute" when optIn:
                    ReadOptIn(type, attribute, findings);
                    break;
            }
        }

        foreach (var member in type.GetMembers())
        {
            switch (member)
            {
                case IPropertySymbol { IsStatic: false, IsIndexer: false } property:
                    ReadMember(type, property, property.Type, dataContract, optIn, findings);
                    break;
                case IFieldSymbol { IsStatic: false, IsConst: false, IsImplicitlyDeclared: false } field:
                    ReadMember(type, field, field.Type, dataContract, optIn, findings);
                    break;
                case IMethodSymbol { MethodKind: MethodKind.Constructor } constructor when Find(constructor, Newtonsoft + "JsonConstructorAttribute") is { } attribute:
                    if (Find(constructor, Stj + "JsonConstructorAttribute") is null && Unbound(type, constructor) is { Count: > 0 } unbound)
                    {
                        findings.Add(Without(attribute, $"the constructor of '{type.Name}'", $"System.Text.Json binds each constructor parameter to the property or field of its name (case ignored) and throws on {string.Join(", ", unbound.Select(p => $"'{p}'"))}: rename the parameter to its property's name, then add System.Text.Json's [JsonConstructor]"));
                    }
                    else if (Find(constructor, Stj + "JsonConstructorAttribute") is null)
                    {
                        findings.Add(new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), $"the constructor of '{type.Name}'", [new JsonNetTwin(JsonNetTwinKind.Constructor)], null, ""));
                    }

                    break;
                case IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false, Parameters.Length: 0, ReturnType.SpecialType: SpecialType.System_Boolean } method
                    when method.Name.StartsWith("ShouldSerialize", StringComparison.Ordinal) && type.GetMembers(method.Name.Substring("ShouldSerialize".Length)).Any(m => m is IPropertySymbol or IFieldSymbol):
                    findings.Add(new JsonNetFinding(
                        method.DeclaringSyntaxReferences.FirstOrDefault(), $"JSON.NET's '{method.Name}()' convention", $"'{type.Name}'", [],
                        $"System.Text.Json never calls it; write the condition as [JsonIgnore(Condition = ...)] where one fits, or as a JsonTypeInfo modifier that sets the property's ShouldSerialize", ""));
                    break;
            }
        }

        return findings;
    }

    /// <summary>The parameters of <paramref name="constructor"/> no instance property or field of <paramref name="type"/> (or its bases) is named as, case ignored.</summary>
    private static List<string> Unbound(INamedTypeSymbol type, IMethodSymbol constructor)
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var member in current.GetMembers())
            {
                if (member is IPropertySymbol { IsStatic: false } or IFieldSymbol { IsStatic: false, IsImplicitlyDeclared: false })
                {
                    names.Add(member.Name);
                }
            }
        }

        return constructor.Parameters.Select(p => p.Name).Where(name => !names.Contains(name)).ToList();
    }

    private const string PolymorphismAdvice = "JSON.NET's $type polymorphism (TypeNameHandling) has no attribute here: declare the subtypes on the base type with [JsonPolymorphic] and [JsonDerivedType(typeof(Subtype), \"name\")] (the discriminator's name and values change)";

    private const string ReferenceAdvice = "JSON.NET's reference handling ($id and $ref) has no attribute: set ReferenceHandler = ReferenceHandler.Preserve in the options";

    // MemberSerialization.OptIn.
    private const int OptInMembers = 1;

    /// <summary>The [DataContract] on <paramref name="type"/> or its nearest base type that has one, as JSON.NET looks for it.</summary>
    private static AttributeData? DataContractOf(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (Find(current, DataContract + "DataContractAttribute") is { } found)
            {
                return found;
            }
        }

        return null;
    }

    /// <summary>JSON.NET's [JsonObject] on <paramref name="type"/>, else a base type, else an interface, as JSON.NET finds it.</summary>
    private static AttributeData? JsonObjectOf(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (Find(current, Newtonsoft + "JsonObjectAttribute") is { } found)
            {
                return found;
            }
        }

        return type.AllInterfaces.Select(i => Find(i, Newtonsoft + "JsonObjectAttribute")).FirstOrDefault(found => found is not null);
    }

    // What a [JsonObject] states, OptOut (0) where it states nothing.
    private static int MemberSerializationOf(AttributeData jsonObject) =>
        (jsonObject.ConstructorArguments.FirstOrDefault(a => a.Kind == TypedConstantKind.Enum).Value ?? Named(jsonObject, "MemberSerialization")) as int? ?? 0;

    private static string? ObjectAdvice(AttributeData attribute)
    {
        var advice = new List<string>();
        var memberSerialization = MemberSerializationOf(attribute);
        if (memberSerialization != 0)
        {
            advice.Add("System.Text.Json writes every public property whatever MemberSerialization says: add [JsonIgnore] to those JSON.NET leaves out");
        }

        if (Named(attribute, "NamingStrategyType") is not null)
        {
            advice.Add("a naming strategy has no attribute: give each member [JsonPropertyName], or set the options' PropertyNamingPolicy");
        }

        if (Named(attribute, "ItemNullValueHandling") is not null || Named(attribute, "ItemRequired") is not null)
        {
            advice.Add("ItemNullValueHandling and ItemRequired have no attribute: give each member [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] or [JsonRequired]");
        }

        if (Named(attribute, "ItemTypeNameHandling") is int and not 0)
        {
            advice.Add(PolymorphismAdvice);
        }

        if (Named(attribute, "IsReference") is true || Named(attribute, "ItemIsReference") is true || Named(attribute, "ItemReferenceLoopHandling") is not null)
        {
            advice.Add(ReferenceAdvice);
        }

        if (Named(attribute, "MissingMemberHandling") is int and not 0)
        {
            advice.Add("MissingMemberHandling.Error: put [JsonUnmappedMemberHandling(JsonUnmappedMemberHandling.Disallow)] on the type (System.Text.Json 8)");
        }

        return advice.Count == 0 ? null : string.Join("; ", advice);
    }

    private static string ConverterAdvice(AttributeData attribute) =>
        attribute.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol converter
            ? converter.ToDisplayString() == Newtonsoft + "Converters.StringEnumConverter"
                ? "StringEnumConverter with arguments (a naming strategy, no integers) has no attribute: write the enum's member names with [JsonStringEnumMemberName], or put a JsonStringEnumConverter with a JsonNamingPolicy in the options"
                : $"'{converter.Name}' is a JSON.NET converter, which System.Text.Json never runs: write a System.Text.Json JsonConverter<T> that does the same and name it with System.Text.Json's [JsonConverter]"
            : "System.Text.Json runs no JSON.NET converter: write a System.Text.Json JsonConverter<T> and name it with System.Text.Json's [JsonConverter]";

    private static bool IsPlainStringEnumConverter(AttributeData attribute) =>
        attribute.ConstructorArguments.Length == 1
        && attribute.ConstructorArguments[0].Value is INamedTypeSymbol converter
        && converter.ToDisplayString() == Newtonsoft + "Converters.StringEnumConverter";

    /// <summary>An <c>IDictionary&lt;string, object&gt;</c> or <c>&lt;string, JsonElement&gt;</c> (or a class implementing one), or <c>JsonObject</c>.</summary>
    private static bool IsExtensionDataType(ITypeSymbol type) =>
        type.ToDisplayString() == "System.Text.Json.Nodes.JsonObject"
        || type.AllInterfaces.Prepend(type).OfType<INamedTypeSymbol>().Any(i =>
            i.OriginalDefinition.ToDisplayString() == "System.Collections.Generic.IDictionary<TKey, TValue>"
            && i.TypeArguments[0].SpecialType == SpecialType.System_String
            && (i.TypeArguments[1].SpecialType == SpecialType.System_Object || i.TypeArguments[1].ToDisplayString() == "System.Text.Json.JsonElement"));

    private static JsonNetFinding Without(AttributeData attribute, string member, string? instead, string? insteadWhenRead = null) =>
        new(attribute.ApplicationSyntaxReference, Display(attribute), member, [], instead, "", insteadWhenRead);

    /// <summary>The attribute as the message names it: JSON.NET's with its owner said, DataContract's by name.</summary>
    private static string Display(AttributeData attribute)
    {
        var name = attribute.AttributeClass!.Name;
        var shortName = name.EndsWith("Attribute", StringComparison.Ordinal) ? name.Substring(0, name.Length - "Attribute".Length) : name;
        if (shortName == "JsonConverter" && attribute.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol converter)
        {
            shortName += $"(typeof({converter.Name}))";
        }

        return NameOf(attribute).StartsWith(Newtonsoft, StringComparison.Ordinal) ? $"JSON.NET's [{shortName}]" : $"[{shortName}]";
    }

    private static string NameOf(AttributeData attribute) => attribute.AttributeClass?.ToDisplayString() ?? "";

    private static AttributeData? Find(ISymbol symbol, string metadataName) =>
        symbol.GetAttributes().FirstOrDefault(a => NameOf(a) == metadataName);

    private static object? Named(AttributeData attribute, string name)
    {
        foreach (var argument in attribute.NamedArguments)
        {
            if (argument.Key == name)
            {
                return argument.Value.Value;
            }
        }

        return null;
    }
}
