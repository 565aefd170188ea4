using System.Text.Json.Serialization;
using RefitStj.Tests.Streaming;

namespace RefitStj.Tests.Support;

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(List<Person>))]
[JsonSerializable(typeof(Vehicle))]
[JsonSerializable(typeof(Tick))]
[JsonSerializable(typeof(OrderStatus))]
internal sealed partial class SnakeCaseContext : JsonSerializerContext;

/// <summary>Serialization-only metadata: writing works only through the generated fast-path serializer.</summary>
[JsonSourceGenerationOptions(GenerationMode = JsonSourceGenerationMode.Serialization)]
[JsonSerializable(typeof(Person))]
internal sealed partial class FastPathOnlyContext : JsonSerializerContext;

[JsonSerializable(typeof(Circle))]
internal sealed partial class ShapesContext : JsonSerializerContext;

[JsonSerializable(typeof(IShape))]
internal sealed partial class ShapeInterfaceContext : JsonSerializerContext;
