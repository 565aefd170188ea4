using System.Text.Json.Serialization;

namespace RefitStj.Tests.Support;

public enum OrderStatus
{
    Pending,
    InTransit,
    Delivered,
#if NET9_0_OR_GREATER
    [JsonStringEnumMemberName("lost-in-space")]
#endif
    LostInSpace,
}

/// <summary>
/// How <see cref="OrderStatus.LostInSpace"/> travels: by its <c>[JsonStringEnumMemberName]</c> on .NET 9+, in camelCase
/// on net8.0, where that attribute is not compiled in (Refit's net8.0 build and RefitStj's both ignore it there).
/// </summary>
public static class Wire
{
#if NET9_0_OR_GREATER
    public const string LostInSpace = "lost-in-space";
#else
    public const string LostInSpace = "lostInSpace";
#endif
}

[Flags]
public enum Permissions : byte
{
    None = 0,
    Read = 1,
    Write = 2,
}

public enum Temperature : short
{
    Freezing = -5,
    Mild = 0,
}

public sealed class Order
{
    public int Id { get; set; }

    public string? CustomerName { get; set; }

    public OrderStatus Status { get; set; }

    public OrderStatus? PreviousStatus { get; set; }

    public int? Quantity { get; set; }

    public decimal Total { get; set; }

    public DateTimeOffset PlacedAt { get; set; }

    public Dictionary<OrderStatus, int> CountsByStatus { get; set; } = [];

    public List<List<int>> Grid { get; set; } = [];

    public object? Extra { get; set; }

    [JsonPropertyName("sku_code")]
    public string? Sku { get; set; }

    public Permissions Permissions { get; set; }
}

public sealed record Person(string Name, int Age);

public interface IShape
{
    string Kind { get; }
}

public sealed class Circle : IShape
{
    public string Kind => "circle";

    public double Radius { get; set; }
}

public abstract class Animal
{
    public string Name { get; set; } = "";
}

public sealed class Dog : Animal
{
    public bool GoodBoy { get; set; }
}

[JsonPolymorphic(TypeDiscriminatorPropertyName = "$type")]
[JsonDerivedType(typeof(Car), "car")]
[JsonDerivedType(typeof(Bike), "bike")]
public abstract class Vehicle
{
    public int Wheels { get; set; }
}

public sealed class Car : Vehicle
{
    public string? Make { get; set; }
}

public sealed class Bike : Vehicle
{
    public bool Electric { get; set; }
}

public sealed class Envelope
{
    public object? Payload { get; set; }
}

public enum Tiny : sbyte
{
    Low = sbyte.MinValue,
    High = sbyte.MaxValue,
}

public enum Port : ushort
{
    Http = 80,
    Max = ushort.MaxValue,
}

public enum Mask : uint
{
    All = uint.MaxValue,
}

public enum Ticks : long
{
    Min = long.MinValue,
}

public enum Huge : ulong
{
    Max = ulong.MaxValue,
}
