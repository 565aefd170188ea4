using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.Json;

namespace RefitStj.Serialization;

/// <summary>Options that put on the wire exactly what Refit's built-in System.Text.Json serializer does by default.</summary>
internal static class RefitDefaults
{
    private static JsonSerializerOptions? s_shared;

    /// <summary>A new, mutable instance of the Refit-compatible default options.</summary>
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions Create()
    {
        var options = new JsonSerializerOptions
        {
            PropertyNameCaseInsensitive = true,
            PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
            NumberHandling = JsonNumberHandling.AllowReadingFromString,
#if NET10_0_OR_GREATER
            AllowDuplicateProperties = false,
#endif
        };
        options.Converters.Add(new RefitObjectConverter());
        options.Converters.Add(new RefitEnumConverterFactory());
        return options;
    }

    /// <summary>The one process-wide frozen instance every default-constructed serializer shares, created on first use.</summary>
    [RequiresUnreferencedCode(Messages.ReflectionDefaults)]
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions GetShared() => LazyInitializer.EnsureInitialized(ref s_shared, CreateFrozen);

    /// <summary>A new instance of the defaults, read-only, with the reflection-based resolver filled in.</summary>
    [RequiresUnreferencedCode(Messages.ReflectionDefaults)]
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    internal static JsonSerializerOptions CreateFrozen()
    {
        var options = Create();
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }
}
