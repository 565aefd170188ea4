using System.Net.ServerSentEvents;
using System.Text.Json.Serialization;
using RefitStj.Streaming;

namespace RefitStj;

/// <summary>
/// Lets an interface method return <c>IAsyncEnumerable&lt;SseItem&lt;T&gt;&gt;</c> over a source-generated context, including
/// under Native AOT: list it on the context, e.g.
/// <c>[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter&lt;Chunk&gt;) })]</c> (or add an instance to
/// the options' <see cref="JsonSerializerOptions.Converters"/>), and declare <typeparamref name="T"/> with
/// <c>[JsonSerializable]</c>. <see cref="StjContentSerializer"/> finds it there and reads each event's data as a
/// <typeparamref name="T"/> with the options' metadata, with no generic type closed at run time. The reflection-based
/// defaults need no registration.
/// </summary>
/// <remarks>
/// As JSON, an <see cref="SseItem{T}"/> is its <see cref="SseItem{T}.Data"/>: that is what an event's <c>data</c> field
/// carries, while its type, id and retry belong to the event stream's framing. Reading gives an item of the default
/// event type ("message").
/// </remarks>
/// <typeparam name="T">The type of each event's data.</typeparam>
public sealed class SseItemConverter<T> : JsonConverter<SseItem<T>>, ISseItemReader<SseItem<T>>
{
    private JsonTypeInfo<T>? _typeInfo;

    /// <summary>Reads <typeparamref name="T"/> and wraps it in an item of the default event type.</summary>
    /// <param name="reader">The reader, at the data's first token.</param>
    /// <param name="typeToConvert">The type to convert.</param>
    /// <param name="options">The options whose metadata reads <typeparamref name="T"/>.</param>
    /// <returns>The item.</returns>
    /// <exception cref="NotSupportedException"><paramref name="options"/> have no metadata for <typeparamref name="T"/>.</exception>
    public override SseItem<T> Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        new(JsonSerializer.Deserialize(ref reader, TypeInfo(options))!);

    /// <summary>Writes the item's <see cref="SseItem{T}.Data"/>.</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="value">The item.</param>
    /// <param name="options">The options whose metadata writes <typeparamref name="T"/>.</param>
    /// <exception cref="NotSupportedException"><paramref name="options"/> have no metadata for <typeparamref name="T"/>.</exception>
    public override void Write(Utf8JsonWriter writer, SseItem<T> value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        JsonSerializer.Serialize(writer, value.Data, TypeInfo(options));
    }

    IAsyncEnumerable<SseItem<T>> ISseItemReader<SseItem<T>>.ReadAsync(Stream stream, JsonSerializerOptions options, long maxItemSize, CancellationToken cancellationToken) =>
        ServerSentEventsReader.ReadItemsAsync(stream, TypeInfo(options), maxItemSize, cancellationToken);

    // One converter instance normally serves one options instance (the context's); another one looks its metadata up again.
    private JsonTypeInfo<T> TypeInfo(JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var typeInfo = _typeInfo;
        if (typeInfo is not null && ReferenceEquals(typeInfo.Options, options))
        {
            return typeInfo;
        }

        typeInfo = options.TryGetTypeInfo(typeof(T), out var found)
            ? (JsonTypeInfo<T>)found
            : throw new NotSupportedException(SseItemMessages.MissingData(typeof(T), options));
        _typeInfo = typeInfo;
        return typeInfo;
    }
}
