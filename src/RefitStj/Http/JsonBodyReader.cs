using System.Buffers;
using System.Globalization;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Buffers;
using RefitStj.Streaming;

namespace RefitStj.Http;

/// <summary>
/// Reads a response body into memory and deserializes it from a span. System.Text.Json's span entry point takes the
/// converters' fast path; its stream entry points always run the slower resumable one, whatever the body size.
/// </summary>
internal static class JsonBodyReader
{
    private const int UnknownLengthBufferSize = 16 * 1024;

    // Content-Length is only a hint for the first buffer: a hostile header must not make us rent a huge array up front.
    private const int MaxInitialBufferSize = 1024 * 1024;

    private static readonly SearchValues<char> s_whiteSpaceChars = SearchValues.Create(" \t\r\n");

    /// <summary>
    /// Reads and deserializes <paramref name="content"/>, refusing bodies over <paramref name="limit"/> bytes. Every
    /// failure arrives in the returned task, as it would from an async method.
    /// </summary>
    public static Task<T?> ReadAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, long limit, CancellationToken cancellationToken)
    {
        Encoding? encoding;
        long? declaredLength = null;
        Task<Stream> opening;
        try
        {
            encoding = Charsets.GetTranscodingEncoding(content.Headers);

            // Without a limit the Content-Length only sizes the stream path's buffer, so a buffered body never looks it up.
            if (limit != long.MaxValue)
            {
                declaredLength = DeclaredLength(content.Headers);
                if (declaredLength > limit)
                {
                    throw ResponseTooLargeException.Declared(limit, declaredLength.Value);
                }
            }

            opening = content.ReadAsStreamAsync(cancellationToken);

            // Buffered content (Refit 11.2+ buffers before calling us), ByteArrayContent and StringContent hand over a
            // MemoryStream at once: read it with no async state machine, whose cost shows on small bodies.
            if (encoding is null && opening.IsCompletedSuccessfully && opening.GetAwaiter().GetResult() is MemoryStream memory)
            {
                return cancellationToken.IsCancellationRequested
                    ? Task.FromCanceled<T?>(cancellationToken)
                    : Task.FromResult(ReadMemory(memory, typeInfo, limit));
            }
        }
#pragma warning disable CA1031 // Not handled: moved into the task, where an async method would have put it.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return Task.FromException<T?>(ex);
        }

        return ReadOpeningAsync(content, opening, encoding, declaredLength, typeInfo, limit, cancellationToken);
    }

    public static T? Deserialize<T>(ReadOnlySpan<byte> utf8, JsonTypeInfo<T> typeInfo)
    {
        // The span entry point, unlike the stream ones, does not skip a UTF-8 byte order mark.
        if (utf8.StartsWith("\uFEFF"u8))
        {
            utf8 = utf8[3..];
        }

        if (utf8.IndexOfAnyExcept(StreamBuffers.WhiteSpace) < 0)
        {
            return default;
        }

        try
        {
            return JsonSerializer.Deserialize(utf8, typeInfo);
        }
        catch (JsonException ex)
        {
            throw Describe<T>(ex);
        }
    }

    public static T? Deserialize<T>(ReadOnlySpan<char> text, JsonTypeInfo<T> typeInfo)
    {
        if (text.Length > 0 && text[0] == '\uFEFF')
        {
            text = text[1..];
        }

        if (text.IndexOfAnyExcept(s_whiteSpaceChars) < 0)
        {
            return default;
        }

        try
        {
            return JsonSerializer.Deserialize(text, typeInfo);
        }
        catch (JsonException ex)
        {
            throw Describe<T>(ex);
        }
    }

    // declaredLength is the Content-Length when ReadAsync looked it up, which it does only under a limit.
    private static async Task<T?> ReadOpeningAsync<T>(
        HttpContent content, Task<Stream> opening, Encoding? encoding, long? declaredLength, JsonTypeInfo<T> typeInfo, long limit, CancellationToken cancellationToken)
    {
        var stream = await opening.ConfigureAwait(false);
        if (encoding is null && stream is MemoryStream memory)
        {
            cancellationToken.ThrowIfCancellationRequested();
            return ReadMemory(memory, typeInfo, limit);
        }

        if (encoding is null)
        {
            var sizeHint = limit == long.MaxValue ? DeclaredLength(content.Headers) : declaredLength;
            return await ReadStreamAsync(stream, sizeHint, typeInfo, limit, cancellationToken).ConfigureAwait(false);
        }

        // Leaves the response stream open: it belongs to the content, which the caller disposes.
        var utf8 = Encoding.CreateTranscodingStream(stream, encoding, Encoding.UTF8, leaveOpen: true);
        await using (utf8.ConfigureAwait(false))
        {
            return await ReadStreamAsync(utf8, declaredLength: null, typeInfo, limit, cancellationToken).ConfigureAwait(false);
        }
    }

    private static async Task<T?> ReadStreamAsync<T>(Stream stream, long? declaredLength, JsonTypeInfo<T> typeInfo, long limit, CancellationToken cancellationToken)
    {
        var buffer = BufferPool.Rent(InitialSize(declaredLength, limit));
        try
        {
            var length = 0;
            while (true)
            {
                if (length == buffer.Length)
                {
                    buffer = StreamBuffers.Grow(buffer, length, limit);
                }

                var read = await stream.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    break;
                }

                length += read;
                if (length > limit)
                {
                    throw ResponseTooLargeException.Counted(limit, length);
                }
            }

            return Deserialize(buffer.AsSpan(0, length), typeInfo);
        }
        finally
        {
            BufferPool.Return(buffer);
        }
    }

    private static T? ReadMemory<T>(MemoryStream memory, JsonTypeInfo<T> typeInfo, long limit)
    {
        if (memory.Length > limit)
        {
            throw ResponseTooLargeException.Declared(limit, memory.Length);
        }

        // Read from the start and left where it was, so reading the same content twice gives the same value.
        if (MemoryStreamBuffer.TryGet(memory, out var bytes))
        {
            return Deserialize(bytes.AsSpan(), typeInfo);
        }

        // A stream whose array cannot be reached is copied once into a rented one.
        var position = memory.Position;
        var length = (int)memory.Length;
        var buffer = BufferPool.Rent(length);
        try
        {
            memory.Position = 0;
            memory.ReadExactly(buffer, 0, length);
            return Deserialize(buffer.AsSpan(0, length), typeInfo);
        }
        finally
        {
            memory.Position = position;
            BufferPool.Return(buffer);
        }
    }

    /// <summary>
    /// The Content-Length received or set, read raw: <see cref="HttpContentHeaders.ContentLength"/> would compute a
    /// buffered body's length and store it as a parsed header value, an allocation per response for nothing (the
    /// in-memory path has the exact length anyway).
    /// </summary>
    private static long? DeclaredLength(HttpContentHeaders headers) =>
        long.TryParse(RawHeaders.First(headers, "Content-Length"), NumberStyles.None, CultureInfo.InvariantCulture, out var length) ? length : null;

    private static int InitialSize(long? declaredLength, long limit)
    {
        // +1 leaves room for the read that reports the end (or the byte that proves the limit is passed).
        var expected = declaredLength is { } length and >= 0 ? PlusOne(length) : UnknownLengthBufferSize;
        return (int)Math.Min(Math.Min(expected, PlusOne(limit)), MaxInitialBufferSize);

        static long PlusOne(long value) => value == long.MaxValue ? value : value + 1;
    }

    // Kept a JsonException (Refit keeps it as the ApiException's inner exception); the body itself is never quoted.
    private static JsonException Describe<T>(JsonException inner) =>
        new($"The response body is not valid JSON for {typeof(T)}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);
}
