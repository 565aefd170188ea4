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
        Streams = CanStream(typeInfo);
    }

    public JsonTypeInfo<T> TypeInfo { get; }

    public bool WritesRuntimeType { get; }

    /// <summary>
    /// Whether a body of this type can be written while it is sent. An object type from a context generated for
    /// serialization only has a fast-path writer and no property metadata, which the resumable writer needs.
    /// </summary>
    public bool Streams { get; }

    // Refit hands over the declared parameter type; an interface or abstract type with no polymorphism metadata
    // would serialize as {} (Refit issue 2118), so such bodies are written by their runtime type instead.
    private static bool WritesByRuntimeType(JsonTypeInfo<T> typeInfo) =>
        (typeof(T).IsInterface || typeof(T).IsAbstract) && typeInfo.PolymorphismOptions is null;

    private static bool CanStream(JsonTypeInfo<T> typeInfo) =>
        typeInfo.Kind != JsonTypeInfoKind.Object || typeInfo.SerializeHandler is null || typeInfo.Properties.Count > 0;

    /// <summary>The buffer size the next body of this type starts with; the body writer sets it after each body.</summary>
    public int SizeHint { get; set; }
}
