using System.Text.Json.Serialization;
using RefitStj.Benchmarks.Data;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// Source-generated metadata for every payload, with settings that give the loaded Refit line's wire format and keep
/// System.Text.Json's serialization fast path (no entries in Options.Converters): what a user who passes a context gets.
/// </summary>
#if REFIT17
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    AllowDuplicateProperties = false)]
#else
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    UseStringEnumConverter = true)]
#endif
[JsonSerializable(typeof(LoginViewModel))]
[JsonSerializable(typeof(Location))]
[JsonSerializable(typeof(Organization))]
[JsonSerializable(typeof(IndexViewModel))]
[JsonSerializable(typeof(CollectionsOfPrimitives))]
[JsonSerializable(typeof(MyEventsListerViewModel))]
[JsonSerializable(typeof(List<Repository>))]
public sealed partial class BenchmarkJsonContext : JsonSerializerContext;
