using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.AotTest.Compat;

/// <summary>
/// The calls whose request bodies and read values are compared with Refit's reflection default. Each method takes the
/// case name as its last path segment, so the stub answers every case with its own canned response.
/// </summary>
public interface ICompatApi
{
    [Post("/paint/{name}")]
    Task<Paint?> Paint(string name, [Body] Paint body);

    [Post("/bag/{name}")]
    Task<Bag?> Bag(string name, [Body] Bag body);

    [Post("/money/{name}")]
    Task<Money?> Money(string name, [Body] Money body);

    /// <summary>Declared as <see cref="object"/>: written by the runtime type.</summary>
    [Post("/object/{name}")]
    Task<object?> Untyped(string name, [Body] object body);

    /// <summary>An interface body without polymorphism metadata.</summary>
    [Post("/shape/{name}")]
    Task<Circle?> Shape(string name, [Body] IShape body);

    [Get("/color/{name}")]
    Task<Color> Color(string name);

    [Get("/maybe-color/{name}")]
    Task<Color?> MaybeColor(string name);

    [Get("/colors/{name}")]
    Task<List<Color?>?> Colors(string name);

    [Get("/stock/{name}")]
    Task<Dictionary<Color, int>?> Stock(string name);

    [Get("/map/{name}")]
    Task<Dictionary<string, object?>?> Map(string name);

    // Refit 16's way: the metadata of the body and of the reply given as JsonTypeInfo<T> parameters.

    [Post("/paint/{name}")]
    Task<Paint?> PaintTyped(string name, [Body] Money body, JsonTypeInfo<Money> bodyInfo, JsonTypeInfo<Paint> replyInfo);

    [Post("/bag/{name}")]
    Task<ApiResponse<Bag>> BagTyped(string name, [Body] Paint body, JsonTypeInfo<Paint> bodyInfo, JsonTypeInfo<Bag> replyInfo);

    /// <summary>An interface body written as its given metadata declares it.</summary>
    [Post("/shape/{name}")]
    Task<Circle?> ShapeTyped(string name, [Body] IShape body, JsonTypeInfo<IShape> bodyInfo, JsonTypeInfo<Circle> replyInfo);

    [Get("/colors/{name}")]
    Task<List<Color?>?> ColorsTyped(string name, JsonTypeInfo<List<Color?>> replyInfo);
}

public enum Color
{
    Red,
    LightGreen,
    DarkBlue,
    [JsonStringEnumMemberName("ultra-violet")]
    UltraViolet,
}

[Flags]
public enum Access : byte
{
    None = 0,
    Read = 1,
    Write = 2,
    Execute = 4,
    ReadWrite = Read | Write,
}

public enum Big : long
{
    Small = 1,
    Huge = 5_000_000_000,
    Max = long.MaxValue,
}

/// <summary>Two names for one value: the one declared last is written.</summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1069", Justification = "Two names for one value is the case under test.")]
public enum Alias
{
    First = 1,
    Primary = 1,
    Second = 2,
}

/// <summary>A record read through its constructor, with every enum shape as a member.</summary>
public sealed record Paint(
    int Id,
    Color Color,
    Color? Accent,
    Access Access,
    Big Size,
    Alias Alias,
    List<Color>? Palette,
    Dictionary<Color, int>? Stock,
    string? Comment);

public sealed class Bag
{
    public object? Value { get; set; }

    public Dictionary<string, object?>? Extra { get; set; }
}

public sealed record Money(decimal Amount, Guid Id, DateTimeOffset At, long Count);

public interface IShape
{
    string Kind { get; }
}

public sealed class Circle : IShape
{
    public string Kind => "circle";

    public double Radius { get; set; }
}
