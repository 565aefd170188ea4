using System.Text.Json;
using System.Text.Json.Serialization;

namespace RefitStj.BodyMemory;

/// <summary>The one source-generated context every serializer measured here writes through, with web defaults.</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(List<Item>))]
internal sealed partial class BodyJsonContext : JsonSerializerContext;
