using System.Net.ServerSentEvents;
using System.Text.Json.Serialization;

namespace RefitStj.Tests.Support;

public enum GadgetKind
{
    Small,
    ExtraLarge,
}

/// <summary>A model whose names and enum differ between Refit's default format and <see cref="GadgetContext"/>'s, so the bytes say which metadata wrote them.</summary>
public sealed record Gadget(string DisplayName, int ItemCount, GadgetKind Kind);

/// <summary>
/// The metadata Refit 16's <c>JsonTypeInfo&lt;T&gt;</c> parameters carry in the tests: options unlike any serializer's
/// (every option that differs from Refit's stated, so RSTJ002 takes them as chosen).
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    UseStringEnumConverter = true,
    PropertyNameCaseInsensitive = false,
    NumberHandling = JsonNumberHandling.Strict,
    Converters = new[] { typeof(SseItemConverter<Gadget>) })]
[JsonSerializable(typeof(Gadget))]
[JsonSerializable(typeof(List<Gadget>))]
[JsonSerializable(typeof(SseItem<Gadget>))]
public sealed partial class GadgetContext : JsonSerializerContext;
