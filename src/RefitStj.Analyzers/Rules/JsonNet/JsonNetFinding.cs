using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules.JsonNet;

/// <summary>
/// One JSON.NET or DataContract attribute (or convention) System.Text.Json ignores: where it is written, how the message
/// names it and its member, and either the System.Text.Json attributes that do the same (<see cref="Twins"/>) or what to
/// write instead (<see cref="Instead"/>).
/// </summary>
internal sealed class JsonNetFinding
{
    public JsonNetFinding(SyntaxReference? written, string attribute, string member, IReadOnlyList<JsonNetTwin> twins, string? instead, string enumName, string? insteadWhenRead = null, INamedTypeSymbol? flagsEnum = null)
    {
        FlagsEnum = flagsEnum;
        Written = written;
        Attribute = attribute;
        Member = member;
        Twins = twins;
        Instead = instead;
        EnumName = enumName;
        InsteadWhenRead = insteadWhenRead;
    }

    /// <summary>The attribute's (or method's) syntax, wherever it is; a rule reports only what is in its compilation.</summary>
    public SyntaxReference? Written { get; }

    /// <summary>The attribute as the message names it: <c>JSON.NET's [JsonProperty]</c>, <c>[DataMember]</c>.</summary>
    public string Attribute { get; }

    /// <summary>Its member as the message names it, quoted: <c>'User.AvatarUrl'</c>, <c>the constructor of 'User'</c>.</summary>
    public string Member { get; }

    public IReadOnlyList<JsonNetTwin> Twins { get; }

    /// <summary>What to write where no attribute does the same, or <see langword="null"/>.</summary>
    public string? Instead { get; }

    /// <summary>What to write where only a reply differs (a null JSON.NET skipped on read), or <see langword="null"/>.</summary>
    public string? InsteadWhenRead { get; }

    /// <summary>
    /// The [Flags] enum whose combinations the advice is about, or <see langword="null"/>: the advice holds where a client
    /// runs on RefitStj's defaults of the Refit 16 line, until every property of it on the wire carries System.Text.Json's
    /// own [JsonConverter].
    /// </summary>
    public INamedTypeSymbol? FlagsEnum { get; }

    /// <summary>The enum an enum converter twin names, as C# writes it at the member.</summary>
    public string EnumName { get; }

    /// <summary>What to write for a type a client puts on the wire in <paramref name="direction"/>, or <see langword="null"/> where nothing differs there.</summary>
    public string? InsteadFor(WireDirection direction) =>
        (direction & WireDirection.Reads) != 0 && InsteadWhenRead is { } onRead
            ? Instead is null ? onRead : $"{Instead}; {onRead}"
            : Instead;

    /// <summary>The twins as the message lists them.</summary>
    public string TwinsDisplay() => string.Join(", ", Twins.Select(twin => twin.Display(EnumName)));
}
