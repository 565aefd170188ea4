using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;
using RefitStj.Serialization;

namespace RefitStj.Writing;

/// <summary>
/// Serializes a request body once, synchronously, into pooled memory (one array, or pooled segments for a body larger
/// than one). The writer and its buffer writer are cached per thread, so a call allocates only the content object, its
/// headers and, for a body of several segments, the array that lists them.
/// </summary>
[SuppressMessage("Reliability", "CA1001", Justification = "Cached for the thread's lifetime; the writer holds only managed memory.")]
internal sealed class JsonBodyWriter
{
    /// <summary>The largest buffer a body starts in: 64 KiB, under the large-object heap's threshold.</summary>
    public const int MaxStartSize = 64 * 1024;

    [ThreadStatic]
    private static JsonBodyWriter? s_cached;

    private readonly PooledBufferWriter _buffer = new();
    private Utf8JsonWriter? _writer;
    private JsonSerializerOptions? _writerFor;

    public static PooledJsonContent Write<T>(T item, TypeMetadataCache cache)
    {
        var metadata = cache.Get<T>();
        return Write(item, metadata, cache.GetBodyTypeInfo(metadata, item));
    }

    /// <summary>Serializes <paramref name="item"/> with <paramref name="typeInfo"/>, starting from and updating <paramref name="metadata"/>'s size hint.</summary>
    public static PooledJsonContent Write<T>(T item, TypeMetadata<T> metadata, JsonTypeInfo typeInfo)
    {
        var sizeHint = metadata.SizeHint;
        var bytes = Serialize(item, typeInfo, sizeHint, out var grownTo);
        metadata.SizeHint = NextSizeHint(sizeHint, (int)Math.Min(bytes.Length, int.MaxValue), grownTo);
        return new PooledJsonContent(bytes, item, typeInfo);
    }

    /// <summary>
    /// Serializes a body again into rented memory the caller gives back with <see cref="PooledBytes.Return"/>: for a
    /// content read again after its own memory went back to the pool.
    /// </summary>
    /// <exception cref="InvalidOperationException">The body no longer serializes to <paramref name="length"/> bytes.</exception>
    public static PooledBytes Rewrite(object? value, JsonTypeInfo typeInfo, long length)
    {
        var bytes = Serialize(value, typeInfo, (int)Math.Min(length, MaxStartSize), out _);
        if (bytes.Length != length)
        {
            bytes.Return();
            throw new InvalidOperationException(
                $"The request body of type {typeInfo.Type} changed after its content was created: it was {length} bytes (its Content-Length), " +
                $"it now serializes to {bytes.Length}. Do not modify a body object until its request has been sent.");
        }

        return bytes;
    }

    /// <summary>
    /// The buffer size the next body of the type starts with. Utf8JsonWriter asks for room for a token's worst case
    /// (three bytes per character of a string, then 4 KB more once it has to grow), so a body can outgrow a buffer of
    /// its own length every time; once one does, the size it grew to is kept, so later bodies are written in one buffer.
    /// It never passes <see cref="MaxStartSize"/>: a larger body goes on in segments, so no body rents an array of its
    /// own size, and the sizes a type rents settle after its first body rather than creeping up a size per body.
    /// </summary>
    /// <param name="previous">The size this body started with (0 for the type's first body).</param>
    /// <param name="length">The body's length.</param>
    /// <param name="grownTo">The room one buffer would have needed if the body outgrew its first buffer, else 0.</param>
    internal static int NextSizeHint(int previous, int length, int grownTo)
    {
        int next;
        if (grownTo > 0)
        {
            next = Math.Max(grownTo, length);
        }
        else
        {
            // Kept while it is within 8x of the body (power-of-two buckets times three bytes a character stay under that);
            // a body far smaller than the last large one starts from its own length again.
            next = previous > length * 8L ? length : Math.Max(previous, length);
        }

        return Math.Min(next, MaxStartSize);
    }

    private static PooledBytes Serialize<TValue>(TValue value, JsonTypeInfo typeInfo, int sizeHint, out int grownTo)
    {
        // Taken off the thread while in use, so a converter that re-enters the serializer gets a writer of its own.
        var self = s_cached ?? new JsonBodyWriter();
        s_cached = null;
        try
        {
            var writer = self.Start(typeInfo.Options, sizeHint);
            if (typeInfo is JsonTypeInfo<TValue> typed)
            {
                JsonSerializer.Serialize(writer, value, typed);
            }
            else
            {
                // A body written by its runtime type, or one serialized again from the object its content keeps.
                JsonSerializer.Serialize(writer, value, typeInfo);
            }

            grownTo = (int)Math.Min(self._buffer.Wanted, int.MaxValue);
            return self._buffer.Detach();
        }
        finally
        {
            self._buffer.Abandon();
            s_cached = self;
        }
    }

    private Utf8JsonWriter Start(JsonSerializerOptions options, int sizeHint)
    {
        _buffer.Start(sizeHint);

        if (_writer is not null && ReferenceEquals(_writerFor, options))
        {
            _writer.Reset(_buffer);
            return _writer;
        }

        _writer = new Utf8JsonWriter(_buffer, CreateWriterOptions(options));
        _writerFor = options;
        return _writer;
    }

    // The same writer settings System.Text.Json derives from the options for its own writers.
    private static JsonWriterOptions CreateWriterOptions(JsonSerializerOptions options) => new()
    {
        Encoder = options.Encoder,
        Indented = options.WriteIndented,
        MaxDepth = options.MaxDepth == 0 ? 64 : options.MaxDepth,
        SkipValidation = true,
#if NET9_0_OR_GREATER
        IndentCharacter = options.IndentCharacter,
        IndentSize = options.IndentSize,
        NewLine = options.NewLine,
#endif
    };
}
