namespace RefitStj.Errors;

/// <summary>Texts shared by attributes and exceptions, kept in one place so they stay consistent.</summary>
internal static class Messages
{
    public const string ReflectionDefaults =
        "The Refit-compatible default options use reflection-based System.Text.Json metadata and a reflection-built enum converter. " +
        "For trimmed or AOT apps, construct StjContentSerializer from a JsonSerializerContext instead.";

    public const string ReflectionOptions =
        "Options without a TypeInfoResolver get System.Text.Json's reflection-based resolver. " +
        "For trimmed or AOT apps, pass options whose TypeInfoResolver is a JsonSerializerContext.";

    public const string ReflectionFallback =
        "allowReflectionFallback: true lets System.Text.Json's reflection-based resolver describe the types the context does not. " +
        "For trimmed or AOT apps, use the overload without allowReflectionFallback and declare every type on the context.";
}
