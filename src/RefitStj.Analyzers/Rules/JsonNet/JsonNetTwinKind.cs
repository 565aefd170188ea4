namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>What kind of System.Text.Json attribute RSTJ007's fix adds beside a JSON.NET or DataContract one.</summary>
internal enum JsonNetTwinKind
{
    /// <summary><c>[JsonPropertyName(Value)]</c>.</summary>
    Name,

    /// <summary><c>[JsonPropertyOrder(Value)]</c>.</summary>
    Order,

    /// <summary><c>[JsonIgnore]</c>, with <c>Condition = JsonIgnoreCondition.Value</c> unless Value is <c>Always</c>.</summary>
    Ignore,

    /// <summary><c>[JsonRequired]</c>.</summary>
    Required,

    /// <summary><c>[JsonConstructor]</c>.</summary>
    Constructor,

    /// <summary><c>[JsonExtensionData]</c>.</summary>
    ExtensionData,

    /// <summary><c>[JsonInclude]</c>: a public field, which JSON.NET writes and System.Text.Json does not by default.</summary>
    Include,

    /// <summary><c>[JsonConverter(typeof(JsonStringEnumConverter&lt;E&gt;))]</c>, E the enum (or the property's enum type).</summary>
    EnumConverter,

    /// <summary><c>[JsonStringEnumMemberName(Value)]</c> on the enum member <see cref="JsonNetTwin.Member"/> (or the attribute's own member).</summary>
    MemberName,
}
