using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.Tests.Support;

/// <summary>
/// Refit 16's wire on the line in use: RefitStj's defaults on 16, <see cref="StjContentSerializer.CreateRefit16Options"/> on 17,
/// so tests of the 16-wire converters run on both lines and on 17 prove the option that keeps 16's wire.
/// </summary>
internal static class Refit16Wire
{
    /// <summary>RefitStj options that give Refit 16's wire on this line (a new instance each call).</summary>
    public static JsonSerializerOptions Options() =>
#if REFIT17
        StjContentSerializer.CreateRefit16Options();
#else
        StjContentSerializer.CreateDefaultOptions();
#endif

    /// <summary>A RefitStj serializer over <see cref="Options"/>.</summary>
    public static StjContentSerializer Serializer() => new(Options());

    /// <summary>
    /// Refit's own serializer writing 16's enums and numbers: 16's default; on 17 its defaults plus what 16 added
    /// (camelCase string enums, numbers read from strings) and a resolver, as an app keeping 16's wire would configure it.
    /// </summary>
    public static SystemTextJsonContentSerializer RefitSerializer()
    {
#if REFIT17
        var options = new JsonSerializerOptions(SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions())
        {
            NumberHandling = JsonNumberHandling.AllowReadingFromString,
            TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
        };
        options.Converters.Add(new JsonStringEnumConverter(JsonNamingPolicy.CamelCase));
        return new SystemTextJsonContentSerializer(options);
#else
        return new SystemTextJsonContentSerializer();
#endif
    }
}
