using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Refit;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>
/// <see cref="TypeMetadata{T}"/> (a type's <see cref="JsonTypeInfo{T}"/> and what the body writer keeps about it) per
/// options instance and type. System.Text.Json caches the type info itself; the static slot per type spares the first
/// options instance (the shared default in most apps) the dictionary lookup and cast on every call.
/// </summary>
internal sealed class TypeMetadataCache(JsonSerializerOptions options)
{
    // Weakly keyed: a type info created per call goes away with its metadata instead of piling up here.
    private static readonly ConditionalWeakTable<JsonTypeInfo, object> s_byGivenTypeInfo = new();

    private readonly ConcurrentDictionary<Type, object> _byType = new();

    public TypeMetadata<T> Get<T>()
    {
        // One static slot per T serves the first options instance that asks, which is the shared default in most apps.
        var slot = Slot<T>.Value;
        return slot is not null && ReferenceEquals(slot.Options, options) ? slot.Metadata : GetSlow<T>();
    }

    private TypeMetadata<T> GetSlow<T>()
    {
        if (_byType.TryGetValue(typeof(T), out var found))
        {
            return (TypeMetadata<T>)found;
        }

        // Refit reads error bodies as ProblemDetails through us, under any options: its metadata is ours, never the resolver's.
        var typeInfo = typeof(T) == typeof(ProblemDetails)
            ? (JsonTypeInfo<T>)(object)ProblemDetailsConverter.CreateTypeInfo(options)
            : (JsonTypeInfo<T>)GetRuntimeTypeInfo(typeof(T));
        var metadata = (TypeMetadata<T>)_byType.GetOrAdd(typeof(T), new TypeMetadata<T>(typeInfo));
        Interlocked.CompareExchange(ref Slot<T>.Value, new SlotEntry<T>(options, metadata), null);
        return metadata;
    }

    /// <summary>The options every cached metadata belongs to.</summary>
    public JsonSerializerOptions Options => options;

    /// <summary>
    /// The one place a body's declared-or-runtime type is chosen: the declared type's metadata, or, where that would write
    /// <c>{}</c> (see <see cref="TypeMetadata{T}.WritesRuntimeType"/>), the runtime type's.
    /// </summary>
    public JsonTypeInfo GetBodyTypeInfo<T>(TypeMetadata<T> metadata, T item) =>
        metadata.WritesRuntimeType && item is not null ? GetRuntimeTypeInfo(item.GetType()) : metadata.TypeInfo;

    /// <summary>Metadata for a type known only at run time (a body written by its runtime type).</summary>
    /// <exception cref="NotSupportedException">The resolver has no metadata for <paramref name="type"/>; the message says how to add it.</exception>
    public JsonTypeInfo GetRuntimeTypeInfo(Type type) =>
        options.TryGetTypeInfo(type, out var typeInfo)
            ? typeInfo
            : throw new NotSupportedException(MetadataErrors.NoMetadata(type, options));

    /// <summary>
    /// Metadata for a <see cref="JsonTypeInfo{T}"/> a caller hands over (Refit 16's <c>JsonTypeInfo&lt;T&gt;</c> parameters),
    /// shared by every serializer: bodies are written by it as given, the declared type, as Refit's own serializer does.
    /// </summary>
    public static TypeMetadata<T> ForTypeInfo<T>(JsonTypeInfo<T> typeInfo)
    {
        // One static slot per T serves the first type info given, normally the only one: a context's property.
        var slot = GivenSlot<T>.Value;
        return slot is not null && ReferenceEquals(slot.TypeInfo, typeInfo) ? slot : ForTypeInfoSlow(typeInfo);
    }

    private static TypeMetadata<T> ForTypeInfoSlow<T>(JsonTypeInfo<T> typeInfo)
    {
        var metadata = (TypeMetadata<T>)s_byGivenTypeInfo.GetValue(typeInfo, static given => new TypeMetadata<T>((JsonTypeInfo<T>)given, writesRuntimeType: false));
        Interlocked.CompareExchange(ref GivenSlot<T>.Value, metadata, null);
        return metadata;
    }

    private static class Slot<T>
    {
        public static SlotEntry<T>? Value;
    }

    private static class GivenSlot<T>
    {
        public static TypeMetadata<T>? Value;
    }

    private sealed record SlotEntry<T>(JsonSerializerOptions Options, TypeMetadata<T> Metadata);
}
