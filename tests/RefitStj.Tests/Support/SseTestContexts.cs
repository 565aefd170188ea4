using System.Text.Json.Serialization;

namespace RefitStj.Tests.Support;

/// <summary>A context that reads <c>SseItem&lt;Tick&gt;</c>: the converter listed, the data type declared.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower, Converters = new[] { typeof(SseItemConverter<Tick>) })]
[JsonSerializable(typeof(Tick))]
internal sealed partial class SseTickContext : JsonSerializerContext;

/// <summary>The converter listed, but the data type left out.</summary>
[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Tick>) })]
[JsonSerializable(typeof(int))]
internal sealed partial class SseConverterOnlyContext : JsonSerializerContext;
