using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Parity;

// The parity zoo: shapes whose wire form depends on a converter, an attribute or an option both serializers set.

/// <summary>Every scalar System.Text.Json has a converter for, each able to sit at its limits.</summary>
#pragma warning disable CA1720 // Each member is named for the type it carries, which is what the record is about.
public sealed record Scalars(
    int Int,
    long Long,
    short Short,
    byte Byte,
    sbyte SByte,
    uint UInt,
    ulong ULong,
    ushort UShort,
    Int128 Huge,
    double Double,
    float Single,
    Half Half,
    decimal Decimal,
    bool Bool,
    char Char,
    DateTime DateTime,
    DateTimeOffset DateTimeOffset,
    DateOnly Date,
    TimeOnly Time,
    TimeSpan Span,
    Guid Guid,
    string? Text,
    byte[]? Bytes,
    int? MaybeInt,
    double? MaybeDouble);
#pragma warning restore CA1720

/// <summary>Enums of every backing type, nullable, flags and aliased, as members, in a list and as keys.</summary>
public sealed class Enums
{
    public OrderStatus Status { get; set; }

    public OrderStatus? Maybe { get; set; }

    public Permissions Flags { get; set; }

    public Access? Access { get; set; }

    public Temperature Temperature { get; set; }

    public Tiny Tiny { get; set; }

    public Port Port { get; set; }

    public Mask Mask { get; set; }

    public Ticks Ticks { get; set; }

    public Huge Huge { get; set; }

    public Aliased Aliased { get; set; }

    public List<OrderStatus?> History { get; set; } = [];

    public Dictionary<OrderStatus, int> ByStatus { get; set; } = [];

    public Dictionary<Access, string?> ByAccess { get; set; } = [];

    public Dictionary<Tiny, long> ByTiny { get; set; } = [];

    public Dictionary<Huge, bool> ByHuge { get; set; } = [];
}

/// <summary>Flags with named combinations, one renamed on .NET 9+.</summary>
[Flags]
public enum Access
{
    None = 0,
    Read = 1,
    Write = 2,
    ReadWrite = 3,
    Delete = 4,
#if NET9_0_OR_GREATER
    [JsonStringEnumMemberName("all-of-it")]
#endif
    All = 7,
}

/// <summary>Two names for one value, and a camelCase name that is another member's declared name.</summary>
#pragma warning disable CA1708, CA1069 // Names differing by case and shared values are the shapes under test.
public enum Aliased
{
    Alpha = 1,
    alpha = 2,
    First = 3,
    Primary = 3,
    Ünïcödé = 4,
    _Underscored = 5,
}
#pragma warning restore CA1708, CA1069

/// <summary><see cref="object"/> members in every position: alone, in a list and as dictionary values, beside raw JSON.</summary>
public sealed class Loose
{
    public object? Value { get; set; }

    public List<object?> Items { get; set; } = [];

    public Dictionary<string, object?> Bag { get; set; } = [];

    public JsonElement Raw { get; set; }

    public JsonElement? MaybeRaw { get; set; }

    [JsonExtensionData]
    public Dictionary<string, JsonElement>? Overflow { get; set; }
}

/// <summary>A recursive shape for deep nesting, with collections of itself and of polymorphic values.</summary>
public sealed class Node
{
    public string? Name { get; set; }

    public Node? Next { get; set; }

    public List<Node> Children { get; set; } = [];

    public List<Vehicle> Vehicles { get; set; } = [];

    public Vehicle? Vehicle { get; set; }

    public object? Tag { get; set; }
}

/// <summary>Collections System.Text.Json treats differently: arrays, interfaces, sets, jagged and keyed by non-strings.</summary>
public sealed record Collections(
    int[] Numbers,
    IReadOnlyList<Person> People,
    HashSet<string> Tags,
    long[][] Jagged,
    Dictionary<int, string> ByInt,
    Dictionary<Guid, double> ByGuid,
    Dictionary<string, List<DateTimeOffset>> Timelines,
    Point[] Points);

/// <summary>A value-type record, read through its constructor.</summary>
public readonly record struct Point(int X, int Y);

/// <summary>Attributes that change a member's wire form.</summary>
public sealed class Annotated
{
    [JsonPropertyName("ID")]
    public int Id { get; set; }

    [JsonRequired]
    public string Code { get; set; } = "";

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Note { get; set; }

    // A member's own handling replaces the options' AllowReadingFromString, so it is restated to read back.
    [JsonNumberHandling(JsonNumberHandling.WriteAsString | JsonNumberHandling.AllowReadingFromString)]
    public long Quoted { get; set; }

    [JsonConverter(typeof(JsonStringEnumConverter))]
    public OrderStatus PlainEnum { get; set; }

    [JsonIgnore]
    public string Hidden { get; set; } = "hidden";

    public string ReadOnly => "computed";
}
