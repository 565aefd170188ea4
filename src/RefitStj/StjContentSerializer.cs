using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Errors;
using RefitStj.Reading;
using RefitStj.Serialization;
using RefitStj.Streaming;
using RefitStj.Writing;

namespace RefitStj;

/// <summary>
/// A System.Text.Json content serializer for Refit. Assign it to <c>RefitSettings.ContentSerializer</c>; every request
/// and response body of those clients then goes through it. By default it writes and reads exactly what Refit's built-in
/// serializer does, with one shared frozen options instance, span-based reads, and request bodies written while they are sent (or, in
/// Refit's <c>RequestBodySerializationMode.Buffered</c>, held in pooled memory with their exact length).
/// </summary>
/// <remarks>Instances are immutable and thread-safe; share one per options instance.</remarks>
public sealed partial class StjContentSerializer : IHttpContentSerializer, ISynchronousContentSerializer, ISynchronousContentDeserializer
{
    private const long DefaultMaxStreamItemSize = 16 * 1024 * 1024;

    private readonly TypeMetadataCache _metadata;
    private readonly DynamicSseItemReaders? _dynamicSseItems;
    private readonly long? _maxResponseBodySize;
    private readonly long? _maxStreamItemSize = DefaultMaxStreamItemSize;

    /// <summary>Creates a serializer with the Refit-compatible defaults (see <see cref="CreateDefaultOptions"/>), shared process-wide.</summary>
    [RequiresUnreferencedCode(Messages.ReflectionDefaults)]
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public StjContentSerializer()
        : this(new TypeMetadataCache(RefitDefaults.GetShared()), new DynamicSseItemReaders())
    {
    }

    /// <summary>Creates a serializer over <paramref name="options"/>, which it makes read-only and keeps.</summary>
    /// <param name="options">The options; a missing <see cref="JsonSerializerOptions.TypeInfoResolver"/> is filled with the reflection-based one.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    [RequiresUnreferencedCode(Messages.ReflectionOptions)]
    [RequiresDynamicCode(Messages.ReflectionOptions)]
    public StjContentSerializer(JsonSerializerOptions options)
        : this(new TypeMetadataCache(Freeze(options)), new DynamicSseItemReaders())
    {
    }

    /// <summary>
    /// Creates a serializer that uses only <paramref name="context"/>'s source-generated metadata, with the context's own
    /// <see cref="JsonSerializerContext.Options"/> (so its <c>[JsonSourceGenerationOptions]</c> apply), as Refit 16's
    /// <c>SystemTextJsonContentSerializer.ForContext</c> does, so a client moved from it keeps its wire format: no
    /// reflection, safe to trim and to compile ahead of time. Every body and response type must be declared on the context;
    /// another throws <see cref="NotSupportedException"/>.
    /// </summary>
    /// <param name="context">The source-generated context, e.g. <c>MyJsonContext.Default</c>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public StjContentSerializer(JsonSerializerContext context)
        : this(new TypeMetadataCache(FreezeResolved(context?.Options!, nameof(context))))
    {
    }

    // Only the reflection-based constructors pass dynamicSseItems: they alone may close SseItemConverter<T> at run time.
    private StjContentSerializer(TypeMetadataCache metadata, DynamicSseItemReaders? dynamicSseItems = null)
    {
        _metadata = metadata;
        _dynamicSseItems = dynamicSseItems;
    }

    /// <summary>The read-only options every call uses.</summary>
    public JsonSerializerOptions Options => _metadata.Options;

    /// <summary>
    /// The most bytes of a response body this serializer will read, or <see langword="null"/> (the default) for no limit.
    /// A body fails as soon as the bytes read pass the limit, whatever its Content-Length says (to a serializer that header
    /// may be stale, or a decoder's encoded length; <see cref="ResponseSizeLimitHandler"/>, which sees the framing, refuses
    /// a body by its Content-Length before reading it). For streamed
    /// responses the limit counts every byte of the stream. Either way the call throws
    /// <see cref="ResponseTooLargeException"/>.
    /// </summary>
    /// <remarks>
    /// Through Refit this does not bound memory: Refit buffers every <c>Task&lt;T&gt;</c> and <c>ApiResponse&lt;T&gt;</c>
    /// response whole before the serializer sees it. Set the limit once, on <see cref="ResponseSizeLimitHandler"/>, which
    /// stops any body on the wire, streamed or buffered, and leave this unset. This limit is for reading contents without
    /// Refit (a response received with <see cref="HttpCompletionOption.ResponseHeadersRead"/>) where no handler can be added.
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException">The value is zero or negative.</exception>
    public long? MaxResponseBodySize
    {
        get => _maxResponseBodySize;
        init => _maxResponseBodySize = PositiveOrNull(value, nameof(MaxResponseBodySize));
    }

    /// <summary>
    /// The most bytes one item of a streamed response may take: a line of JSON Lines, an event of server-sent events
    /// (its lines as sent), an element of a JSON array. 16 MiB by default; <see langword="null"/> lifts the limit.
    /// Reading a stream holds one whole item in memory, so without a limit a single endless item (a broken or hostile
    /// server) grows the buffer until the process runs out of memory; with it the enumeration throws
    /// <see cref="ResponseTooLargeException"/> as soon as an item passes the limit, having held little more than the
    /// limit. The default is far above any item a stream is designed to carry, and small enough for any process to hold.
    /// Unlike <see cref="MaxResponseBodySize"/>, it does not limit the stream as a whole, nor non-streamed responses.
    /// Through <see cref="ResponseSizeLimitHandler"/>, a stream is limited per item by the smaller of the two limits and
    /// not as a whole; with this set to <see langword="null"/> the handler's limit applies to the whole stream.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is zero or negative.</exception>
    public long? MaxStreamItemSize
    {
        get => _maxStreamItemSize;
        init => _maxStreamItemSize = PositiveOrNull(value, nameof(MaxStreamItemSize));
    }

    private long Limit => _maxResponseBodySize ?? long.MaxValue;

    /// <summary>
    /// Creates a new, mutable copy of the defaults of Refit's own serializer, for the Refit line this package is built for,
    /// to adjust before passing to <see cref="StjContentSerializer(JsonSerializerOptions)"/>. On Refit 17: camelCase names,
    /// case-insensitive reads and duplicate properties rejected (enums as numbers, <see cref="object"/> values read as
    /// <see cref="JsonElement"/>). On Refit 16: those of <see cref="CreateRefit16Options"/>.
    /// </summary>
    /// <returns>A new options instance.</returns>
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions CreateDefaultOptions() => RefitDefaults.Create();

    /// <summary>
    /// Creates a new, mutable copy of Refit 16's default wire format on any Refit line: camelCase names, case-insensitive
    /// reads, numbers readable from strings, enums as camelCase strings (honouring <c>[JsonStringEnumMemberName]</c>),
    /// <see cref="object"/> values read as inferred CLR types, and (on .NET 10) duplicate properties rejected. For an app
    /// that moves to Refit 17 and must keep the bytes its servers already exchange:
    /// <c>new StjContentSerializer(StjContentSerializer.CreateRefit16Options())</c>.
    /// </summary>
    /// <returns>A new options instance.</returns>
    [RequiresDynamicCode(Messages.ReflectionDefaults)]
    public static JsonSerializerOptions CreateRefit16Options() => RefitDefaults.CreateRefit16();

    /// <summary>
    /// Creates content that serializes <paramref name="item"/> onto the request stream each time it is sent, with
    /// <c>JsonSerializer.SerializeAsync</c> through System.Text.Json's own bounded buffer, as Refit's built-in serializer
    /// does: a request in flight never holds the whole body, and each send serializes it exactly once. Its length is not
    /// known in advance: Refit's default body mode sends it chunked, and when Refit buffers it (<c>Buffered = true</c>,
    /// <c>[Body(buffered: true)]</c>) HttpContent's buffer gives it an exact Content-Length. It has
    /// <c>application/json; charset=utf-8</c> and can be read any number of times (retries, captured request content,
    /// multipart), each read serializing <paramref name="item"/> again, so do not change the body object until the
    /// request has been sent. For an exact Content-Length from pooled memory, use <see cref="ToHttpContentSynchronous{T}(T)"/>.
    /// An object type of a context generated for serialization only has no property metadata, which that writer needs (Refit's
    /// serializer fails there): its bodies are serialized at once into pooled memory, as <see cref="ToHttpContentSynchronous{T}(T)"/> does.
    /// </summary>
    /// <typeparam name="T">The declared body type; an interface or abstract type without polymorphism metadata is written by the runtime type.</typeparam>
    /// <param name="item">The body.</param>
    /// <returns>The request content.</returns>
    public HttpContent ToHttpContent<T>(T item)
    {
        var metadata = _metadata.Get<T>();
        return metadata.Streams || metadata.WritesRuntimeType
            ? new StreamedJsonContent(item, _metadata.GetBodyTypeInfo(metadata, item))
            : JsonBodyWriter.Write(item, metadata, metadata.TypeInfo);
    }

    /// <summary>
    /// Serializes <paramref name="item"/> now into pooled memory (Refit's <c>RequestBodySerializationMode.Buffered</c>).
    /// The content reports its exact length, has <c>application/json; charset=utf-8</c>, and can be read more than once.
    /// Its memory goes back to the pool once nothing can read it any more: after its first complete copy or its disposal,
    /// whichever comes first, and never while a write (over HTTP/2 it may outlive the request's disposal) is still
    /// reading it. A later copy serializes <paramref name="item"/> again, so do not change the body object until the
    /// request has been sent.
    /// </summary>
    /// <typeparam name="T">The declared body type; an interface or abstract type without polymorphism metadata is written by the runtime type.</typeparam>
    /// <param name="item">The body.</param>
    /// <returns>The request content.</returns>
    public HttpContent ToHttpContentSynchronous<T>(T item) => JsonBodyWriter.Write(item, _metadata);

    /// <summary>
    /// Creates content that serializes <paramref name="item"/> onto the request stream when it is sent, without
    /// buffering the whole body; its length is not known in advance. The same content as <see cref="ToHttpContent{T}(T)"/>.
    /// </summary>
    /// <typeparam name="T">The declared body type.</typeparam>
    /// <param name="item">The body.</param>
    /// <returns>The request content.</returns>
    public HttpContent ToStreamingHttpContent<T>(T item) => new StreamedJsonContent(item, _metadata.GetBodyTypeInfo(_metadata.Get<T>(), item));

    /// <summary>
    /// Reads <paramref name="content"/> as a <typeparamref name="T"/>. Any media type is accepted; the charset is
    /// honoured; an empty or whitespace body gives <see langword="default"/>.
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The response content, buffered or not.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value read.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="content"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonException">The body is not JSON of the expected shape.</exception>
    /// <exception cref="InvalidOperationException">The Content-Type names a character set this runtime does not know.</exception>
    /// <exception cref="ResponseTooLargeException">The body is larger than <see cref="MaxResponseBodySize"/>.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    [SuppressMessage("ApiDesign", "RS0026", Justification = "Refit's IJsonTypeInfoContentSerializer declares these overloads with the optional token.")]
    public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(content);
        return JsonBodyReader.ReadAsync(content, _metadata.Get<T>().TypeInfo, Limit, cancellationToken);
    }

    /// <summary>Reads <paramref name="content"/> as a <typeparamref name="T"/>; an empty or whitespace string gives <see langword="default"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The body text.</param>
    /// <returns>The value read.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="content"/> is <see langword="null"/>.</exception>
    /// <exception cref="JsonException">The text is not JSON of the expected shape.</exception>
    public T? DeserializeFromString<T>(string content)
    {
        ArgumentNullException.ThrowIfNull(content);
        return JsonBody.Deserialize(content.AsSpan(), _metadata.Get<T>().TypeInfo);
    }

    /// <summary>
    /// Creates a serializer over options whose <see cref="JsonSerializerOptions.TypeInfoResolver"/> is already set, such
    /// as a source-generated context or a chain of them (<c>JsonTypeInfoResolver.Combine</c>). Unlike the
    /// <see cref="StjContentSerializer(JsonSerializerOptions)"/> constructor it never adds the reflection-based resolver,
    /// so it is safe to trim and to compile ahead of time. The options are made read-only and kept.
    /// </summary>
    /// <param name="options">Options with a type info resolver.</param>
    /// <returns>The serializer.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="options"/> has no <see cref="JsonSerializerOptions.TypeInfoResolver"/>.</exception>
    public static StjContentSerializer CreateWithResolver(JsonSerializerOptions options) =>
        new(new TypeMetadataCache(FreezeResolved(options, nameof(options))));

    private static JsonSerializerOptions FreezeResolved(JsonSerializerOptions options, string paramName)
    {
        ArgumentNullException.ThrowIfNull(options, paramName);
        if (options.TypeInfoResolver is null)
        {
            throw new ArgumentException(
                "The options have no TypeInfoResolver. Set it to a JsonSerializerContext (or JsonTypeInfoResolver.Combine of several), " +
                "or use the StjContentSerializer(JsonSerializerOptions) constructor for reflection-based metadata.",
                paramName);
        }

        if (!options.IsReadOnly)
        {
            options.MakeReadOnly();
        }

        return options;
    }

    private static long? PositiveOrNull(long? value, string paramName)
    {
        if (value is { } size)
        {
            ArgumentOutOfRangeException.ThrowIfNegativeOrZero(size, paramName);
        }

        return value;
    }

    [RequiresUnreferencedCode(Messages.ReflectionOptions)]
    [RequiresDynamicCode(Messages.ReflectionOptions)]
    private static JsonSerializerOptions Freeze(JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if (!options.IsReadOnly)
        {
            options.MakeReadOnly(populateMissingResolver: true);
        }

        return options;
    }
}
