using System.Text.Json.Serialization;

namespace RefitStj.AotTest.Compat;

/// <summary>
/// Refit's default wire format from a source-generated context: its options, one enum converter per enum type, the
/// <c>object</c> converter, and every type an <c>object</c> value is written as.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    AllowDuplicateProperties = false,
    Converters = new[]
    {
        typeof(RefitObjectConverter),
        typeof(RefitEnumConverter<Color>),
        typeof(RefitEnumConverter<Access>),
        typeof(RefitEnumConverter<Big>),
        typeof(RefitEnumConverter<Alias>),
    })]
[JsonSerializable(typeof(Paint))]
[JsonSerializable(typeof(Bag))]
[JsonSerializable(typeof(Money))]
[JsonSerializable(typeof(IShape))]
[JsonSerializable(typeof(Circle))]
[JsonSerializable(typeof(Color))]
[JsonSerializable(typeof(Color?))]
[JsonSerializable(typeof(List<Color?>))]
[JsonSerializable(typeof(Dictionary<Color, int>))]
[JsonSerializable(typeof(Dictionary<string, object?>))]
[JsonSerializable(typeof(object))]
[JsonSerializable(typeof(bool))]
[JsonSerializable(typeof(int))]
[JsonSerializable(typeof(long))]
[JsonSerializable(typeof(double))]
[JsonSerializable(typeof(decimal))]
[JsonSerializable(typeof(string))]
[JsonSerializable(typeof(DateTime))]
[JsonSerializable(typeof(DateTimeOffset))]
[JsonSerializable(typeof(Guid))]
public sealed partial class CompatibleContext : JsonSerializerContext;

/// <summary>The same types with no options, as a context is first written: the transcript must catch every difference.</summary>
[JsonSerializable(typeof(Paint))]
[JsonSerializable(typeof(Bag))]
[JsonSerializable(typeof(Money))]
[JsonSerializable(typeof(IShape))]
[JsonSerializable(typeof(Circle))]
[JsonSerializable(typeof(Color))]
[JsonSerializable(typeof(Color?))]
[JsonSerializable(typeof(List<Color?>))]
[JsonSerializable(typeof(Dictionary<Color, int>))]
[JsonSerializable(typeof(Dictionary<string, object?>))]
[JsonSerializable(typeof(object))]
[JsonSerializable(typeof(bool))]
[JsonSerializable(typeof(int))]
[JsonSerializable(typeof(long))]
[JsonSerializable(typeof(double))]
[JsonSerializable(typeof(decimal))]
[JsonSerializable(typeof(string))]
[JsonSerializable(typeof(DateTime))]
[JsonSerializable(typeof(DateTimeOffset))]
[JsonSerializable(typeof(Guid))]
public sealed partial class PlainContext : JsonSerializerContext;

/// <summary>
/// Describes what a call read, independently of the serializer under test: enums as numbers, names as declared, and
/// each <c>object</c> value with its CLR type, so that a value read as the wrong type shows.
/// </summary>
[JsonSourceGenerationOptions(Converters = new[] { typeof(TypedObjectConverter) })]
[JsonSerializable(typeof(Paint))]
[JsonSerializable(typeof(Bag))]
[JsonSerializable(typeof(Money))]
[JsonSerializable(typeof(Circle))]
[JsonSerializable(typeof(Color))]
[JsonSerializable(typeof(Color?))]
[JsonSerializable(typeof(List<Color?>))]
[JsonSerializable(typeof(Dictionary<Color, int>))]
[JsonSerializable(typeof(Dictionary<string, object?>))]
[JsonSerializable(typeof(object))]
internal sealed partial class DescribeContext : JsonSerializerContext;
