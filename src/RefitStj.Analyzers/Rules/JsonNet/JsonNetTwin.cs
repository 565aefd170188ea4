using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// One System.Text.Json attribute RSTJ007's fix adds: its kind, its argument, and for enum member names written from the
/// enum's own converter, the member it goes on. Written into the diagnostic's properties and read back here only.
/// </summary>
internal sealed class JsonNetTwin
{
    private const string CountKey = "JsonNetTwins";

    public JsonNetTwin(JsonNetTwinKind kind, string value = "", string? member = null)
    {
        Kind = kind;
        Value = value;
        Member = member;
    }

    public JsonNetTwinKind Kind { get; }

    public string Value { get; }

    /// <summary>The member the twin goes on (an enum's member, a [DataContract] type's property), or <see langword="null"/>: the declaration the JSON.NET attribute is on.</summary>
    public string? Member { get; }

    /// <summary>The attribute as the message shows it, short names.</summary>
    public string Display(string enumName) => "[" + Text(name => name, enumName) + "]" + (Member is null ? "" : $" on '{Member}'");

    /// <summary>The attribute's text without brackets, each System.Text.Json type name written by <paramref name="name"/>.</summary>
    public string Text(Func<string, string> name, string enumName) => Kind switch
    {
        JsonNetTwinKind.Name => $"{name("JsonPropertyName")}({Literal(Value)})",
        JsonNetTwinKind.Order => $"{name("JsonPropertyOrder")}({Value})",
        JsonNetTwinKind.Ignore when Value == "Always" => name("JsonIgnore"),
        JsonNetTwinKind.Ignore => $"{name("JsonIgnore")}(Condition = {name("JsonIgnoreCondition")}.{Value})",
        JsonNetTwinKind.Required => name("JsonRequired"),
        JsonNetTwinKind.Constructor => name("JsonConstructor"),
        JsonNetTwinKind.ExtensionData => name("JsonExtensionData"),
        JsonNetTwinKind.Include => name("JsonInclude"),
        JsonNetTwinKind.EnumConverter => $"{name("JsonConverter")}(typeof({name("JsonStringEnumConverter")}<{enumName}>))",
        _ => $"{name("JsonStringEnumMemberName")}({Literal(Value)})",
    };

    /// <summary>The properties that carry <paramref name="twins"/> to the fix.</summary>
    public static ImmutableDictionary<string, string?> Properties(IReadOnlyList<JsonNetTwin> twins)
    {
        var properties = ImmutableDictionary.CreateBuilder<string, string?>();
        properties.Add(CountKey, twins.Count.ToString(CultureInfo.InvariantCulture));
        for (var i = 0; i < twins.Count; i++)
        {
            properties.Add($"{CountKey}{i}Kind", twins[i].Kind.ToString());
            properties.Add($"{CountKey}{i}Value", twins[i].Value);
            if (twins[i].Member is { } member)
            {
                properties.Add($"{CountKey}{i}Member", member);
            }
        }

        return properties.ToImmutable();
    }

    /// <summary>What <see cref="Properties"/> wrote, or an empty list for a diagnostic without a fix.</summary>
    public static IReadOnlyList<JsonNetTwin> Of(Diagnostic diagnostic)
    {
        var twins = new List<JsonNetTwin>();
        if (!diagnostic.Properties.TryGetValue(CountKey, out var countText) || !int.TryParse(countText, NumberStyles.None, CultureInfo.InvariantCulture, out var count))
        {
            return twins;
        }

        for (var i = 0; i < count; i++)
        {
            if (diagnostic.Properties.TryGetValue($"{CountKey}{i}Kind", out var kind) && Enum.TryParse<JsonNetTwinKind>(kind, out var parsed))
            {
                diagnostic.Properties.TryGetValue($"{CountKey}{i}Value", out var value);
                diagnostic.Properties.TryGetValue($"{CountKey}{i}Member", out var member);
                twins.Add(new JsonNetTwin(parsed, value ?? "", member));
            }
        }

        return twins;
    }

    private static string Literal(string value) => SymbolDisplay.FormatLiteral(value, quote: true);
}
