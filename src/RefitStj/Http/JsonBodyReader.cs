using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
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

    public static async Task<T?> ReadAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        var encoding = Charsets.GetTranscodingEncoding(content.Headers);
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);

        // Buffered content (Refit 11.2+ buffers before calling us), ByteArrayContent and StringContent are already in memory.
        if (encoding is null && stream is MemoryStream memory)
        {
            cancellationToken.ThrowIfCancellationRequested();
            return ReadMemory(memory, typeInfo);
        }

        if (encoding is null)
        {
            return await ReadStreamAsync(stream, content.Headers.ContentLength, typeInfo, cancellationToken).ConfigureAwait(false);
        }

        // Leaves the response stream open: it belongs to the content, which the caller disposes.
        var utf8 = Encoding.CreateTranscodingStream(stream, encoding, Encoding.UTF8, leaveOpen: true);
        await using (utf8.ConfigureAwait(false))
        {
            return await ReadStreamAsync(utf8, declaredLength: null, typeInfo, cancellationToken).ConfigureAwait(false);
        }
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

    private static async Task<T?> ReadStreamAsync<T>(Stream stream, long? declaredLength, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(InitialSize(declaredLength));
        try
        {
            var length = 0;
            while (true)
            {
                if (length == buffer.Length)
                {
                    buffer = StreamBuffers.Grow(buffer, length);
                }

                var read = await stream.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    break;
                }

                length += read;
            }

            return Deserialize(buffer.AsSpan(0, length), typeInfo);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static T? ReadMemory<T>(MemoryStream memory, JsonTypeInfo<T> typeInfo)
    {
        // The stream HttpContent hands out for a buffered body hides its array, so copy once into a rented one; it is
        // read from the start and left where it was, so reading the same content twice gives the same value.
        var position = memory.Position;
        var length = checked((int)memory.Length);
        var buffer = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            memory.Position = 0;
            memory.ReadExactly(buffer, 0, length);
            return Deserialize(buffer.AsSpan(0, length), typeInfo);
        }
        finally
        {
            memory.Position = position;
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private static int InitialSize(long? declaredLength) =>
        declaredLength switch
        {
            null or < 0 => UnknownLengthBufferSize,
            >= MaxInitialBufferSize => MaxInitialBufferSize,
            { } length => (int)length + 1, // +1 leaves room for the read that reports the end
        };

    // Kept a JsonException (Refit keeps it as the ApiException's inner exception); the body itself is never quoted.
    private static JsonException Describe<T>(JsonException inner) =>
        new($"The response body is not valid JSON for {typeof(T)}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);
}
