using System.Text.Json.Serialization;

namespace RefitStj.Tests.Support;

// Deliberately not Refit's format: every option that differs from it is stated, so RSTJ002 takes them as chosen.
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower, UseStringEnumConverter = true, PropertyNameCaseInsensitive = false, NumberHandling = JsonNumberHandling.Strict)]
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
