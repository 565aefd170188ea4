using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;

namespace RefitStj.Tests.Suites.Lines;

public enum LineTier
{
    Basic,
    GoldPlus,
}

public sealed record LineItem(string Sku, int Quantity);

/// <summary>An enum, an object-typed member, nullable members and a list: what a line's defaults treat differently.</summary>
public sealed record LineOrder(int Id, string? Name, LineTier Tier, LineTier? Maybe, decimal Total, string? Note, object? Tag, List<LineItem>? Items);

public sealed record LineQuote(decimal Price, int Count, long Big);

public sealed record LineEnums(LineTier Tier, LineTier? Maybe, List<LineTier>? Tiers);

public sealed record LineBag(object? Value);

/// <summary>A base with polymorphism metadata: both serializers write and read the discriminator.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(LineCircle), "circle")]
public abstract record LineShape(string Label);

public sealed record LineCircle(string Label, double Radius) : LineShape(Label);

/// <summary>An interface without polymorphism metadata: the declared type has one member, the runtime type two.</summary>
public interface ILineShape
{
    string Label { get; }
}

public sealed record LineSquare(string Label, double Side) : ILineShape;

public sealed class LineForm
{
    [JsonPropertyName("sku_code")]
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public LineTier Tier { get; set; }

    [AliasAs("alias_wins")]
    public string? Both { get; set; }
}

public sealed class LineFilter
{
    public string? Text { get; set; }

    public LineTier Tier { get; set; }

    [JsonPropertyName("per_page")]
    public int PerPage { get; set; }

    public string? Missing { get; set; }
}

/// <summary>The context of the context pairing: web defaults and string enums, as an app over a context declares it.</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, UseStringEnumConverter = true)]
[JsonSerializable(typeof(LineOrder))]
[JsonSerializable(typeof(LineQuote))]
[JsonSerializable(typeof(LineEnums))]
[JsonSerializable(typeof(List<LineBag>))]
[JsonSerializable(typeof(List<LineItem>))]
[JsonSerializable(typeof(LineShape))]
[JsonSerializable(typeof(ILineShape))]
[JsonSerializable(typeof(LineSquare))]
[JsonSerializable(typeof(LineForm))]
[JsonSerializable(typeof(LineFilter))]
[JsonSerializable(typeof(object))]
[JsonSerializable(typeof(string))]
[JsonSerializable(typeof(int))]
[JsonSerializable(typeof(JsonElement))]
[JsonSerializable(typeof(ProblemDetails))]
public sealed partial class LineContext : JsonSerializerContext;
