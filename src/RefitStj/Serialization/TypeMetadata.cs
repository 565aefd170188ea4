using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Serialization;

/// <summary>What a serializer needs to know about one <typeparamref name="T"/>, resolved once.</summary>
/// <typeparam name="T">The declared type.</typeparam>
internal sealed class TypeMetadata<T>
{
    public TypeMetadata(JsonTypeInfo<T> typeInfo)
        : this(typeInfo, WritesByRuntimeType(typeInfo))
    {
    }

    /// <param name="typeInfo">The metadata.</param>
    /// <param name="writesRuntimeType">Whether bodies are written by their runtime type rather than <paramref name="typeInfo"/>.</param>
    public TypeMetadata(JsonTypeInfo<T> typeInfo, bool writesRuntimeType)
    {
        TypeInfo = typeInfo;
        WritesRuntimeType = writesRuntimeType;
    }

    public JsonTypeInfo<T> TypeInfo { get; }

    public bool WritesRuntimeType { get; }

    // Refit hands over the declared parameter type; an interface or abstract type with no polymorphism metadata
    // would serialize as {} (Refit issue 2118), so such bodies are written by their runtime type instead.
    private static bool WritesByRuntimeType(JsonTypeInfo<T> typeInfo) =>
        (typeof(T).IsInterface || typeof(T).IsAbstract) && typeInfo.PolymorphismOptions is null;

    /// <summary>The buffer size the next body of this type starts with; the body writer sets it after each body.</summary>
    public int SizeHint { get; set; }
}
