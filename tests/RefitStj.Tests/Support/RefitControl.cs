using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.Tests.Support;

/// <summary>
/// Refit's own serializer as a user of the Refit line in use builds it: the control that parity tests compare RefitStj with.
/// </summary>
internal static class RefitControl
{
    /// <summary>True when the tests were built against Refit 17 (<c>-p:RefitVersion=17.x</c>).</summary>
#if REFIT17
    public const bool IsRefit17 = true;
#else
    public const bool IsRefit17 = false;
#endif

    /// <summary>Refit's default options on this line, with the metadata a user of the line supplies.</summary>
    public static JsonSerializerOptions DefaultOptions()
    {
        var options = new JsonSerializerOptions(SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions());
#if REFIT17
        // Refit 17 has no resolver of its own (that is Refit.Reflection); a reflection user sets the default one.
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver();
#endif
        return options;
    }

    /// <summary>Refit's serializer with this line's defaults: 16's parameterless constructor, 17's defaults plus a resolver.</summary>
    public static SystemTextJsonContentSerializer Serializer() =>
#if REFIT17
        new(DefaultOptions());
#else
        new();
#endif

    /// <summary>Settings whose content serializer is <see cref="Serializer"/>.</summary>
    public static RefitSettings Settings() => new() { ContentSerializer = Serializer() };
}
