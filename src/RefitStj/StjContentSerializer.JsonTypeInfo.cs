using System.Diagnostics.CodeAnalysis;
using Refit;
using RefitStj.Reading;
using RefitStj.Serialization;
using RefitStj.Writing;

namespace RefitStj;

/// <content>
/// Refit 16's <c>JsonTypeInfo&lt;T&gt;</c> method parameters: the same paths as the other overloads, with the metadata
/// given. As in Refit's own serializer, that metadata (and its options, which may not be this serializer's) decides the
/// JSON; this serializer's limits still apply.
/// </content>
public sealed partial class StjContentSerializer : IJsonTypeInfoContentSerializer
{
    /// <summary>
    /// Creates content that serializes <paramref name="item"/> with <paramref name="typeInfo"/> each time it is sent, as
    /// <see cref="ToHttpContent{T}(T)"/> does with this serializer's metadata: through System.Text.Json's bounded buffer,
    /// no length in advance, readable any number of times. The body is written as <paramref name="typeInfo"/> describes
    /// it (the declared type), as Refit's own serializer does. An object type generated for serialization only is serialized at once into pooled memory.
    /// </summary>
    /// <typeparam name="T">The declared body type.</typeparam>
    /// <param name="item">The body.</param>
    /// <param name="typeInfo">The metadata that writes it, e.g. a property of a source-generated context.</param>
    /// <returns>The request content.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    public HttpContent ToHttpContent<T>(T item, JsonTypeInfo<T> typeInfo)
    {
        ArgumentNullException.ThrowIfNull(typeInfo);
        var metadata = TypeMetadataCache.ForTypeInfo(typeInfo);
        return metadata.Streams ? new StreamedJsonContent(item, typeInfo) : JsonBodyWriter.Write(item, metadata, typeInfo);
    }

    /// <summary>
    /// Serializes <paramref name="item"/> now into pooled memory with <paramref name="typeInfo"/>, as
    /// <see cref="ToHttpContentSynchronous{T}(T)"/> does with this serializer's metadata: exact length, readable more
    /// than once. The body is written as <paramref name="typeInfo"/> describes it (the declared type).
    /// </summary>
    /// <typeparam name="T">The declared body type.</typeparam>
    /// <param name="item">The body.</param>
    /// <param name="typeInfo">The metadata that writes it, e.g. a property of a source-generated context.</param>
    /// <returns>The request content.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    public HttpContent ToHttpContentSynchronous<T>(T item, JsonTypeInfo<T> typeInfo)
    {
        ArgumentNullException.ThrowIfNull(typeInfo);
        return JsonBodyWriter.Write(item, TypeMetadataCache.ForTypeInfo(typeInfo), typeInfo);
    }

    /// <summary>
    /// Creates content that serializes <paramref name="item"/> with <paramref name="typeInfo"/> onto the request stream
    /// when it is sent, without buffering the whole body; its length is not known in advance.
    /// </summary>
    /// <typeparam name="T">The declared body type.</typeparam>
    /// <param name="item">The body.</param>
    /// <param name="typeInfo">The metadata that writes it.</param>
    /// <returns>The request content.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    public HttpContent ToStreamingHttpContent<T>(T item, JsonTypeInfo<T> typeInfo)
    {
        ArgumentNullException.ThrowIfNull(typeInfo);
        return new StreamedJsonContent(item, typeInfo);
    }

    /// <summary>
    /// Reads <paramref name="content"/> as a <typeparamref name="T"/> with <paramref name="typeInfo"/>, as
    /// <see cref="FromHttpContentAsync{T}(HttpContent, CancellationToken)"/> does: any media type, the charset honoured,
    /// an empty or whitespace body read as <see langword="default"/>, <see cref="MaxResponseBodySize"/> applied.
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The response content, buffered or not.</param>
    /// <param name="typeInfo">The metadata that reads it.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value read.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="content"/> or <paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonException">The body is not JSON of the expected shape.</exception>
    /// <exception cref="InvalidOperationException">The Content-Type names a character set this runtime does not know.</exception>
    /// <exception cref="ResponseTooLargeException">The body is larger than <see cref="MaxResponseBodySize"/>.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    [SuppressMessage("ApiDesign", "RS0026", Justification = "Refit's IJsonTypeInfoContentSerializer declares these overloads with the optional token.")]
    public Task<T?> FromHttpContentAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        ArgumentNullException.ThrowIfNull(typeInfo);
        return JsonBodyReader.ReadAsync(content, typeInfo, Limit, cancellationToken);
    }

    /// <summary>Reads <paramref name="content"/> as a <typeparamref name="T"/> with <paramref name="typeInfo"/>; an empty or whitespace string gives <see langword="default"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The body text.</param>
    /// <param name="typeInfo">The metadata that reads it.</param>
    /// <returns>The value read.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="content"/> or <paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonException">The text is not JSON of the expected shape.</exception>
    public T? DeserializeFromString<T>(string content, JsonTypeInfo<T> typeInfo)
    {
        ArgumentNullException.ThrowIfNull(content);
        ArgumentNullException.ThrowIfNull(typeInfo);
        return JsonBody.Deserialize(content.AsSpan(), typeInfo);
    }

    /// <summary>
    /// Reads <paramref name="stream"/> item by item with <paramref name="typeInfo"/>, as
    /// <see cref="DeserializeStreamAsync{T}(Stream, StreamingContentFormat, CancellationToken)"/> does (JSON array,
    /// JSON Lines, server-sent events with <c>[DONE]</c>, the limits). For an <c>SseItem&lt;TData&gt;</c>, the
    /// <see cref="SseItemConverter{T}"/> and the data's metadata come from <paramref name="typeInfo"/>'s options.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="stream">The body; it is read, never disposed.</param>
    /// <param name="format">How the body frames its items.</param>
    /// <param name="typeInfo">The metadata that reads each item.</param>
    /// <param name="cancellationToken">Cancels the enumeration, between or within items.</param>
    /// <returns>The items, in order. Disposing the enumerator early stops reading.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> or <paramref name="typeInfo"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="format"/> is not a defined value.</exception>
    /// <exception cref="ResponseTooLargeException">More than <see cref="MaxResponseBodySize"/> bytes were read, or one item is larger than <see cref="MaxStreamItemSize"/>.</exception>
    /// <exception cref="JsonException">An item is not valid JSON for <typeparamref name="T"/>; the message names the element, line or event.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is an <c>SseItem&lt;TData&gt;</c> and <paramref name="typeInfo"/>'s options list no <see cref="SseItemConverter{T}"/>, or the response is not server-sent events.</exception>
    [SuppressMessage("ApiDesign", "RS0026", Justification = "Refit's IJsonTypeInfoContentSerializer declares these overloads with the optional token.")]
    public IAsyncEnumerable<T?> DeserializeStreamAsync<T>(Stream stream, StreamingContentFormat format, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(typeInfo);
        return ReadStream(stream, format, typeInfo, cancellationToken);
    }
}
