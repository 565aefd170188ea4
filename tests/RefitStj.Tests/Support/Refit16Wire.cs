using System.Text.Json;
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
    /// Refit's own serializer over 16's wire: on 16 its default (Refit 16's own enum and inferred-object converters); on 17,
    /// which has neither converter, over <see cref="StjContentSerializer.CreateRefit16Options"/> (RefitStj's) with a
    /// resolver, as an app keeping 16's wire configures it. Refit 16's bytes themselves are pinned on the 16 line (and as
    /// fixed text, e.g. <see cref="Bodies.SampleOrderJson"/>); System.Text.Json's string-enum converter is no stand-in
    /// (it reads numeric strings, writes flags as names, and errs differently).
    /// </summary>
    public static SystemTextJsonContentSerializer RefitSerializer()
    {
#if REFIT17
        var options = StjContentSerializer.CreateRefit16Options();
        options.TypeInfoResolver ??= new DefaultJsonTypeInfoResolver();
        return new SystemTextJsonContentSerializer(options);
#else
        return new SystemTextJsonContentSerializer();
#endif
    }
}
