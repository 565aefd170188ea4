using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>JSON.NET's and DataContract's member attributes: names, order, ignore conditions, required, inclusion and defaults.</summary>
internal sealed partial class JsonNetAttributes
{
    private void ReadMember(INamedTypeSymbol type, ISymbol member, ITypeSymbol memberType, bool dataContract, bool optIn, List<JsonNetFinding> findings)
    {
        var name = $"'{type.Name}.{member.Name}'";
        var ignore = IgnoreCondition(member, memberType, dataContract, optIn);
        foreach (var attribute in member.GetAttributes())
        {
            var twins = new List<JsonNetTwin>();
            var instead = new List<string>();
            string? insteadWhenRead = null;
            switch (NameOf(attribute))
            {
                case Newtonsoft + "JsonPropertyAttribute":
                    ReadProperty(attribute, member, memberType, ignore, twins, instead);
                    insteadWhenRead = NullOnRead(attribute, member, memberType);
                    break;
                case Newtonsoft + "JsonIgnoreAttribute":
                case DataContract + "IgnoreDataMemberAttribute" when ignore == "Always":
                    AddIgnore(member, ignore, twins);
                    break;
                case Newtonsoft + "JsonRequiredAttribute":
                    // JSON.NET's own [JsonRequired] is Required.Always: it rejects a null as well.
                    AddRequired(member, twins);
                    AddAlwaysAdvice("JSON.NET's [JsonRequired] is Required.Always: it", memberType, instead);
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
                    ReadDataMember(attribute, member, ignore, Find(member, Newtonsoft + "JsonPropertyAttribute"), twins, instead);
                    break;
                default:
                    continue;
            }

            var enumName = EnumOf(memberType)?.Name ?? "";
            if (twins.Count > 0)
            {
                findings.Add(new JsonNetFinding(attribute.ApplicationSyntaxReference, Display(attribute), name, twins, null, enumName));
            }

            if (instead.Count > 0 || insteadWhenRead is not null)
            {
                findings.Add(Without(attribute, name, instead.Count > 0 ? string.Join("; ", instead) : null, insteadWhenRead));
            }
        }

        if (TokenMember(name, member, memberType, optIn) is { } token)
        {
            findings.Add(token);
        }
    }

    private static void ReadProperty(AttributeData attribute, ISymbol member, ITypeSymbol memberType, string? ignore, List<JsonNetTwin> twins, List<string> instead)
    {
        if (PropertyNameOf(attribute) is { } name)
        {
            AddName(member, name, twins, instead);
        }

        if (Named(attribute, "Order") is int order && Find(member, Stj + "JsonPropertyOrderAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Order, StjOrder(member, order)));
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
                AddAlwaysAdvice("Required.Always", memberType, instead);
                break;
            case DisallowNull:
                instead.Add("Required.DisallowNull (may be missing, never null) has no attribute: System.Text.Json's [JsonRequired] requires the member to be present; check for null after reading, or set RespectNullableAnnotations (System.Text.Json 9)");
                break;
        }

        if (Named(attribute, "DefaultValueHandling") is Populate or IgnoreAndPopulate)
        {
            instead.Add("JSON.NET fills a missing member with its [DefaultValue]: give the member that value as its initializer");
        }

        AddIncludeOrAdvice(member, Named(attribute, "Order") is int, twins, instead);

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
    /// JSON.NET writes a type's fields before its properties, System.Text.Json after them: a field JSON.NET gave no order
    /// (<paramref name="ordered"/>) goes one below the unordered members, where it stays first and keeps its declaration order.
    /// </summary>
    private static void AddIncludeOrAdvice(ISymbol member, bool ordered, List<JsonNetTwin> twins, List<string> instead)
    {
        var hidden = member.DeclaredAccessibility != Accessibility.Public;
        var nonPublicSetter = member is IPropertySymbol { SetMethod: { } setter } && setter.DeclaredAccessibility != Accessibility.Public;
        if (!hidden && (member is IFieldSymbol || nonPublicSetter) && Find(member, Stj + "JsonIncludeAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Include));
        }

        if (!hidden && member is IFieldSymbol && !ordered && Find(member, Stj + "JsonPropertyOrderAttribute") is null
            && member.ContainingType.GetMembers().Any(m => m is IPropertySymbol { IsStatic: false, IsIndexer: false, DeclaredAccessibility: Accessibility.Public }))
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Order, "-1"));
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

    // JSON.NET sorts members by Order with an unordered one as -1, System.Text.Json with an unordered one as 0: one more
    // keeps every property where JSON.NET put it (Order = 0 after the unordered members, not among them). At one order
    // JSON.NET writes fields first and System.Text.Json properties first: a field keeps JSON.NET's own order, one below.
    private static string StjOrder(ISymbol member, int order) =>
        (member is IFieldSymbol || order == int.MaxValue ? order : order + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static string? PropertyNameOf(AttributeData jsonProperty) =>
        jsonProperty.ConstructorArguments.FirstOrDefault().Value as string ?? Named(jsonProperty, "PropertyName") as string;

    /// <summary>
    /// A [DataMember] of a [DataContract] type. Beside JSON.NET's [JsonProperty] (<paramref name="jsonProperty"/>) JSON.NET
    /// takes only its name, where [JsonProperty] gives none: order, IsRequired and EmitDefaultValue are then [JsonProperty]'s.
    /// </summary>
    private static void ReadDataMember(AttributeData attribute, ISymbol member, string? ignore, AttributeData? jsonProperty, List<JsonNetTwin> twins, List<string> instead)
    {
        if (Named(attribute, "Name") is string name && (jsonProperty is null || PropertyNameOf(jsonProperty) is null))
        {
            AddName(member, name, twins, instead);
        }

        if (jsonProperty is not null)
        {
            return;
        }

        if (Named(attribute, "Order") is int order and >= 0 && Find(member, Stj + "JsonPropertyOrderAttribute") is null)
        {
            twins.Add(new JsonNetTwin(JsonNetTwinKind.Order, StjOrder(member, order)));
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

        AddIncludeOrAdvice(member, Named(attribute, "Order") is int and >= 0, twins, instead);
    }

    /// <summary>How JSON.NET leaves the member out, all its attributes read together: one System.Text.Json [JsonIgnore] says it.</summary>
    private static string? IgnoreCondition(ISymbol member, ITypeSymbol type, bool dataContract, bool optIn)
    {
        var property = Find(member, Newtonsoft + "JsonPropertyAttribute");
        var dataMember = dataContract && property is null ? Find(member, DataContract + "DataMemberAttribute") : null;

        // JSON.NET's [IgnoreDataMember] leaves a member out whatever else it carries, but where members opt in ([DataContract],
        // [JsonObject(MemberSerialization.OptIn)]): there it is not read, and an attribute that opts the member in writes it.
        var optedIn = property is not null || dataMember is not null || Find(member, Newtonsoft + "JsonRequiredAttribute") is not null;
        if (Find(member, Newtonsoft + "JsonIgnoreAttribute") is not null || (Find(member, DataContract + "IgnoreDataMemberAttribute") is not null && !(optIn && optedIn)))
        {
            return "Always";
        }

        if ((property is not null && Named(property, "DefaultValueHandling") is Ignore or IgnoreAndPopulate) || (dataMember is not null && Named(dataMember, "EmitDefaultValue") is false))
        {
            return OtherDefault(member) is null ? "WhenWritingDefault" : OwnDefault;
        }

        // A value type is never null: JSON.NET leaves nothing out, and System.Text.Json refuses WhenWritingNull there.
        return property is not null && Named(property, "NullValueHandling") is Ignore && CanHoldNull(type) ? "WhenWritingNull" : null;
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
}
