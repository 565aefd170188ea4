using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>
/// Options that put on the wire exactly what the built-in System.Text.Json serializer of the Refit line this build is for
/// does by default: Refit 16's (string enums, numbers read from strings, inferred <see cref="object"/> values) or Refit 17's.
/// </summary>
internal static class RefitDefaults
{
    private static JsonSerializerOptions? s_shared;

    /// <summary>A new, mutable instance of the default options of the Refit line this build is for.</summary>
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions Create() =>
#if REFIT17
        CreateRefit17();
#else
        CreateRefit16();
#endif

    /// <summary>
    /// Refit 17's defaults: camelCase names, case-insensitive reads, duplicate properties rejected, and nothing else (enums
    /// as numbers, numbers only from numbers, <see cref="object"/> values as <see cref="JsonElement"/>).
    /// </summary>
    public static JsonSerializerOptions CreateRefit17() => new()
    {
        PropertyNameCaseInsensitive = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
#if NET10_0_OR_GREATER
        AllowDuplicateProperties = false,
#endif
    };

    /// <summary>Refit 16's defaults: Refit 17's, plus numbers read from strings, enums as camelCase strings and inferred object values.</summary>
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions CreateRefit16()
    {
        var options = CreateRefit17();
        options.NumberHandling = JsonNumberHandling.AllowReadingFromString;
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
