using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// The JSON.NET and DataContract attributes of one type and its members that System.Text.Json ignores, each with its
/// System.Text.Json twin or what to write instead. JSON.NET is recognised by metadata name: the analyzer references it not.
/// DataContract's attributes count only where JSON.NET is referenced (JSON.NET honours them; System.Text.Json never did).
/// </summary>
internal sealed class JsonNetAttributes
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

    private readonly bool _memberNames;
    private readonly bool _genericEnumConverter;

    private JsonNetAttributes(Compilation compilation)
    {
        _memberNames = compilation.GetTypeByMetadataName(Stj + "JsonStringEnumMemberNameAttribute") is not null;
        _genericEnumConverter = compilation.GetTypeByMetadataName(Stj + "JsonStringEnumConverter`1") is not null;
    }

    /// <summary>The reader, or <see langword="null"/> where the compilation does not reference JSON.NET.</summary>
    public static JsonNetAttributes? Create(Compilation compilation) =>
        compilation.GetTypeByMetadataName(Newtonsoft + "JsonPropertyAttribute") is null ? null : new JsonNetAttributes(compilation);

    /// <summary>What System.Text.Json ignores on <paramref name="type"/> and its own members (a base type is read as a type of its own).</summary>
    public List<JsonNetFinding> Of(INamedTypeSymbol type)
    {
        var findings = new List<JsonNetFinding>();
        if (type.TypeKind == TypeKind.Enum)
        {
            ReadEnum(type, findings);
            return findings;
        }

        var dataContract = Find(type, DataContract + "DataContractAttribute") is not null;
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
            }
        }

        foreach (var member in type.GetMembers())
        {
            switch (member)
            {
                case IPropertySymbol { IsStatic: false, IsIndexer: false } property:
                    ReadMember(type, property, property.Type, dataContract, findings);
                    break;
                case IFieldSymbol { IsStatic: false, IsConst: false, IsImplicitlyDeclared: false } field:
                    ReadMember(type, field, field.Type, dataContract, findings);
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

    private void ReadMember(INamedTypeSymbol type, ISymbol member, ITypeSymbol memberType, bool dataContract, List<JsonNetFinding> findings)
    {
        var name = $"'{type.Name}.{member.Name}'";
        var ignore = IgnoreCondition(member, memberType, dataContract);
        foreach (var attribute in member.GetAttributes())
        {
            var twins = new List<JsonNetTwin>();
            var instead = new List<string>();
            switch (NameOf(attribute))
            {
                case Newtonsoft + "JsonPropertyAttribute":
                    ReadProperty(attribute, member, ignore, twins, instead);
                    break;
                case Newtonsoft + "JsonIgnoreAttribute":
                case DataContract + "IgnoreDataMemberAttribute":
                    AddIgnore(member, ignore, twins);
                    break;
                case Newtonsoft + "JsonRequiredAttribute":
                    AddRequired(member, twins);
                    break;
                case Newtonsoft + "JsonExtensionDataAttribute":
                    if (!IsExtensionDataType(memberType))
                    {
                        instead.Add($"System.Text.Json keeps extension data only in a Dictionary<string, JsonElement>, Dictionary<string, object> or JsonObject: give '{member.Name}' one of those types and System.Text.Json's [JsonExtensionData]");
                    }
                    else if (Find(member, Stj + "JsonExtensionDataAttribute") is null)
                    {
                        twins.Add(new JsonNetTwin(JsonNetTwinKind.ExtensionData));
                    }

                    break;
                case Newtonsoft + "JsonConverterAttribute":
                    if (IsPlainStringEnumConverter(attribute) && _genericEnumConverter && EnumOf(memberType) is not null)
                    {
                        if (Find(member, Stj + "JsonConverterAttribute") is null)
                        {
                            twins.Add(new JsonNetTwin(JsonNetTwinKind.EnumConverter));
                        }
                    }
                    else
                    {
                        instead.Add(ConverterAdvice(attribute));
                    }

                    break;
                case DataContract + "DataMemberAttribute" when dataContract:
                    ReadDataMember(attribute, member, ignore, twins, instead);
                    break;
                default:
                    continue;
            }

            var enumName = EnumOf(memberType)?.Name ?? "";
            if (twins.Count > 0)
            {
                findings.Add(new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), name, twins, null, enumName));
            }

            if (instead.Count > 0)
            {
                findings.Add(Without(attribute, name, string.Join("; ", instead)));
            }
        }
    }

    private static void ReadProperty(AttributeData attribute, ISymbol member, string? ignore, List<JsonNetTwin> twins, List<string> instead)
    {
        var name = attribute.ConstructorArguments.FirstOrDefault().Value as string ?? Named(attribute, "PropertyName") as string;
        if (name is not null)
        {
            AddName(member, name, twins, instead);
        }

        if (Named(attribute, "Order") is int order && Find(member, Stj + "JsonPropertyOrderAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Order, order.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        }

        if (Named(attribute, "NullValueHandling") is Ignore || Named(attribute, "DefaultValueHandling") is Ignore or IgnoreAndPopulate)
        {
            AddIgnore(member, ignore, twins);
        }

        if (Named(attribute, "DefaultValueHandling") is Ignore or IgnoreAndPopulate)
        {
            AddOwnDefaultAdvice(member, ignore, instead);
        }

        switch (Named(attribute, "Required"))
        {
            case AllowNull:
                AddRequired(member, twins);
                break;
            case Always:
                AddRequired(member, twins);
                instead.Add("Required.Always also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)");
                break;
            case DisallowNull:
                instead.Add("Required.DisallowNull (may be missing, never null) has no attribute: System.Text.Json's [JsonRequired] requires the member to be present; check for null after reading, or set RespectNullableAnnotations (System.Text.Json 9)");
                break;
        }

        if (Named(attribute, "DefaultValueHandling") is Populate or IgnoreAndPopulate)
        {
            instead.Add("JSON.NET fills a missing member with its [DefaultValue]: give the member that value as its initializer");
        }

        AddIncludeOrAdvice(member, twins, instead);

        if (Named(attribute, "ItemConverterType") is INamedTypeSymbol itemConverter)
        {
            instead.Add($"'{itemConverter.Name}' converts the items: System.Text.Json runs no JSON.NET converter, put a System.Text.Json converter on the item type or in the options");
        }

        if (Named(attribute, "TypeNameHandling") is int and not 0 || Named(attribute, "ItemTypeNameHandling") is int and not 0)
        {
            instead.Add(PolymorphismAdvice);
        }

        if (Named(attribute, "NamingStrategyType") is not null)
        {
            instead.Add("a naming strategy has no attribute: give the member [JsonPropertyName] with the name it writes");
        }

        if (Named(attribute, "IsReference") is true || Named(attribute, "ItemIsReference") is true || Named(attribute, "ReferenceLoopHandling") is not null || Named(attribute, "ItemReferenceLoopHandling") is not null)
        {
            instead.Add(ReferenceAdvice);
        }
    }

    /// <summary>
    /// JSON.NET reads and writes a member its attribute names whatever its accessibility: a public field or a public
    /// property with a non-public setter needs System.Text.Json's [JsonInclude]; a non-public member must be made public.
    /// </summary>
    private static void AddIncludeOrAdvice(ISymbol member, List<JsonNetTwin> twins, List<string> instead)
    {
        var hidden = member.DeclaredAccessibility != Accessibility.Public;
        var nonPublicSetter = member is IPropertySymbol { SetMethod: { } setter } && setter.DeclaredAccessibility != Accessibility.Public;
        if (!hidden && (member is IFieldSymbol || nonPublicSetter) && Find(member, Stj + "JsonIncludeAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Include));
        }

        if (hidden)
        {
            instead.Add("System.Text.Json writes public members: make it public (with [JsonInclude] a non-public one is read and written by reflection only, not over a source-generated context)");
        }
    }

    /// <summary>
    /// The name twin, except on a property an override may redeclare: JSON.NET gives an override its declaration's name,
    /// System.Text.Json writes the override under its own name beside it, and overrides elsewhere cannot be seen here.
    /// </summary>
    private static void AddName(ISymbol member, string name, List<JsonNetTwin> twins, List<string> instead)
    {
        if (Find(member, Stj + "JsonPropertyNameAttribute") is not null)
        {
            return;
        }

        if (member is IPropertySymbol { IsAbstract: true } or IPropertySymbol { IsVirtual: true } or IPropertySymbol { IsOverride: true })
        {
            instead.Add($"JSON.NET gives every override of '{member.Name}' this name, System.Text.Json writes an override under its own name beside it: give [JsonPropertyName(\"{name}\")] to this declaration and to every override");
            return;
        }

        twins.Add(new JsonNetTwin(JsonNetTwinKind.Name, name));
    }

    private static void ReadDataMember(AttributeData attribute, ISymbol member, string? ignore, List<JsonNetTwin> twins, List<string> instead)
    {
        if (Named(attribute, "Name") is string name)
        {
            AddName(member, name, twins, instead);
        }

        if (Named(attribute, "Order") is int order and >= 0 && Find(member, Stj + "JsonPropertyOrderAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Order, order.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        }

        if (Named(attribute, "IsRequired") is true)
        {
            AddRequired(member, twins);
        }

        if (Named(attribute, "EmitDefaultValue") is false)
        {
            AddIgnore(member, ignore, twins);
            AddOwnDefaultAdvice(member, ignore, instead);
        }

        AddIncludeOrAdvice(member, twins, instead);
    }

    /// <summary>How JSON.NET leaves the member out, all its attributes read together: one System.Text.Json [JsonIgnore] says it.</summary>
    private static string? IgnoreCondition(ISymbol member, ITypeSymbol type, bool dataContract)
    {
        var property = Find(member, Newtonsoft + "JsonPropertyAttribute");
        if (Find(member, Newtonsoft + "JsonIgnoreAttribute") is not null || (property is null && Find(member, DataContract + "IgnoreDataMemberAttribute") is not null))
        {
            return "Always";
        }

        var dataMember = dataContract ? Find(member, DataContract + "DataMemberAttribute") : null;
        if ((property is not null && Named(property, "DefaultValueHandling") is Ignore or IgnoreAndPopulate) || (dataMember is not null && Named(dataMember, "EmitDefaultValue") is false))
        {
            return OtherDefault(member) is null ? "WhenWritingDefault" : OwnDefault;
        }

        // A value type is never null: JSON.NET leaves nothing out, and System.Text.Json refuses WhenWritingNull there.
        var nullable = !type.IsValueType || type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;
        return property is not null && Named(property, "NullValueHandling") is Ignore && nullable ? "WhenWritingNull" : null;
    }

    /// <summary>The member's [DefaultValue] where it is not default(T), which JSON.NET compares with and System.Text.Json does not.</summary>
    private static string? OtherDefault(ISymbol member) =>
        Find(member, "System.ComponentModel.DefaultValueAttribute") is { ConstructorArguments.Length: > 0 } attribute
        && attribute.ConstructorArguments[attribute.ConstructorArguments.Length - 1] is { Kind: not TypedConstantKind.Array } value
        && value.Value is { } raw
        && !(raw is false || (raw is char c && c == '\0') || (raw is IConvertible && raw is not string and not bool and not char && System.Convert.ToDecimal(raw, System.Globalization.CultureInfo.InvariantCulture) == 0))
            ? Microsoft.CodeAnalysis.CSharp.TypedConstantExtensions.ToCSharpString(value)
            : null;

    private static void AddOwnDefaultAdvice(ISymbol member, string? ignore, List<string> instead)
    {
        if (ignore == OwnDefault)
        {
            instead.Add($"JSON.NET leaves the member out when it equals its [DefaultValue({OtherDefault(member)})]; System.Text.Json's WhenWritingDefault compares with default(T) and would write it: no attribute keeps this, leave it out with a JsonTypeInfo modifier that sets the property's ShouldSerialize");
        }
    }

    // IgnoreCondition's answer where JSON.NET compares with a [DefaultValue] that is not default(T): no twin.
    private const string OwnDefault = "OwnDefault";

    private static void AddIgnore(ISymbol member, string? ignore, List<JsonNetTwin> twins)
    {
        if (ignore is not null and not OwnDefault && Find(member, Stj + "JsonIgnoreAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Ignore, ignore));
        }
    }

    private static void AddRequired(ISymbol member, List<JsonNetTwin> twins)
    {
        if (Find(member, Stj + "JsonRequiredAttribute") is null && member is not IPropertySymbol { IsRequired: true } and not IFieldSymbol { IsRequired: true })
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Required));
        }
    }

    private const string PolymorphismAdvice = "JSON.NET's $type polymorphism (TypeNameHandling) has no attribute here: declare the subtypes on the base type with [JsonPolymorphic] and [JsonDerivedType(typeof(Subtype), \"name\")] (the discriminator's name and values change)";

    private const string ReferenceAdvice = "JSON.NET's reference handling ($id and $ref) has no attribute: set ReferenceHandler = ReferenceHandler.Preserve in the options";

    private static string? ObjectAdvice(AttributeData attribute)
    {
        var advice = new List<string>();
        var memberSerialization = attribute.ConstructorArguments.FirstOrDefault(a => a.Kind == TypedConstantKind.Enum).Value ?? Named(attribute, "MemberSerialization");
        if (memberSerialization is int and not 0)
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

    private static INamedTypeSymbol? EnumOf(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Enum } named ? named
        : type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable && nullable.TypeArguments[0] is INamedTypeSymbol { TypeKind: TypeKind.Enum } inner ? inner
        : null;

    private static string? EnumMemberValue(IFieldSymbol field) =>
        Find(field, DataContract + "EnumMemberAttribute") is { } attribute ? Named(attribute, "Value") as string : null;

    private static JsonNetFinding Without(AttributeData attribute, string member, string instead) =>
        new(attribute.ApplicationSyntaxReference, Display(attribute), member, [], instead, "");

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
