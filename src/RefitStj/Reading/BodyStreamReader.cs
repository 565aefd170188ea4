using System.Net.Http.Headers;
using System.Text;
using RefitStj.Errors;
using RefitStj.IO;
using RefitStj.Limits;

namespace RefitStj.Reading;

/// <summary>
/// Reads a body through the content's read stream: a body without a Content-Length (chunked), one longer than
/// <see cref="JsonBodyReader.MaxHeldLength"/>, or one in another charset. A buffered content's read stream is a
/// <see cref="MemoryStream"/> over its buffer, which it copies out in one write: that write is read in place, so a body
/// HttpClient already holds costs no second array, whatever its size. Any other body is read into a pooled array while
/// it fits in the held maximum and deserialized from a span; a longer one goes to System.Text.Json's resumable reader as
/// it arrives, so memory stays bounded by the held maximum and the reader's own buffer, never by the body.
/// </summary>
internal static class BodyStreamReader
{
    // A body of unknown length starts here and doubles up to the held maximum.
    private const int FirstBufferSize = 16 * 1024;

    private const int TranscodingChunkSize = 64 * 1024;

    /// <summary>
    /// Reads <paramref name="content"/> as <typeparamref name="T"/>. Its Content-Length is not checked here: seen from a
    /// content, it may be a decoder's kept encoded length or stale beside chunked framing; the transport, or
    /// <see cref="ResponseSizeLimitHandler"/>, which sees the framing, tells a cut body.
    /// </summary>
    public static async Task<T?> ReadAsync<T>(
        HttpContent content, JsonTypeInfo<T> typeInfo, Encoding? encoding, long limit, int maxHeld, CancellationToken cancellationToken)
    {
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var headers = JsonBodyReader.ServerHeaders(content);
        if (!JsonBodyReader.IsContentBuffer(stream))
        {
            return await ReadThroughAsync(stream, typeInfo, encoding, limit, maxHeld, headers, cancellationToken).ConfigureAwait(false);
        }

        // The content's own memory stream, which a caller may have read from before: read from the start, put back after.
        var position = stream.Position;
        stream.Position = 0;
        try
        {
            return encoding is null
                ? await ReadInPlaceAsync(stream, typeInfo, limit, headers, cancellationToken).ConfigureAwait(false)
                : await ReadThroughAsync(stream, typeInfo, encoding, limit, maxHeld, headers, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            stream.Position = position;
        }
    }

    private static async Task<T?> ReadInPlaceAsync<T>(Stream memory, JsonTypeInfo<T> typeInfo, long limit, HttpContentHeaders? headers, CancellationToken cancellationToken)
    {
        using var collector = BodyCollector<T>.Rent(typeInfo, limit, memory.Length, headers);
        await memory.CopyToAsync(collector, cancellationToken).ConfigureAwait(false);
        return collector.ReadValue();
    }

    private static async Task<T?> ReadThroughAsync<T>(
        Stream stream, JsonTypeInfo<T> typeInfo, Encoding? encoding, long limit, int maxHeld, HttpContentHeaders? headers, CancellationToken cancellationToken)
    {
        // The limit counts the body's bytes as they came, before any transcoding. The wrappers own nothing to dispose.
        using var limited = limit == long.MaxValue ? null : new BodySizeLimitStream(stream, limit);
        var source = limited ?? stream;
        if (encoding is null)
        {
            return await ReadHeldOrStreamedAsync(source, typeInfo, maxHeld, headers, cancellationToken).ConfigureAwait(false);
        }

        // The transcoder reads 4 KiB at a time: read ahead in larger chunks, so a body on the wire is awaited per chunk.
        // Kept for a measured reason: without it, 16 MB of JSON sent as UTF-16 in 64 KiB pieces allocates 2.7 MB over
        // deserializing it, past the 2 MB Suites/Load/LargeResponseTests allows.
        using var ahead = new ReadAheadStream(source, TranscodingChunkSize);
        var utf8 = Encoding.CreateTranscodingStream(ahead, encoding, Encoding.UTF8, leaveOpen: true);
        await using (utf8.ConfigureAwait(false))
        {
            try
            {
                return await ReadHeldOrStreamedAsync(utf8, typeInfo, maxHeld, headers, cancellationToken).ConfigureAwait(false);
            }
            catch (JsonException ex) when (ahead.Ended && CodeUnit(encoding) is var unit and > 1 && ahead.Consumed % unit != 0)
            {
                // The transcoder ends a cut character with U+FFFD, which the server never sent: name the cut instead.
                throw ReadErrors.CutCharacter(ex, typeInfo, encoding.WebName, ahead.Consumed, unit);
            }
        }
    }

    // The bytes of every character in the fixed-width encodings; 0 where a cut cannot be told from the length.
    private static int CodeUnit(Encoding encoding) => encoding switch
    {
        UnicodeEncoding => 2,
        UTF32Encoding => 4,
        _ => 0,
    };

    private static async Task<T?> ReadHeldOrStreamedAsync<T>(Stream utf8, JsonTypeInfo<T> typeInfo, int maxHeld, HttpContentHeaders? headers, CancellationToken cancellationToken)
    {
        var buffer = BufferPool.Rent(Math.Min(FirstBufferSize, maxHeld));
        var length = 0;
        try
        {
            while (true)
            {
                var room = Math.Min(buffer.Length, maxHeld);
                if (length < room)
                {
                    var read = await utf8.ReadAsync(buffer.AsMemory(length, room - length), cancellationToken).ConfigureAwait(false);
                    if (read == 0)
                    {
                        // A stream that ignores the token may still end: cancelled means no value.
                        cancellationToken.ThrowIfCancellationRequested();
                        return JsonBody.Deserialize(buffer.AsSpan(0, length), typeInfo, headers);
                    }

                    length += read;
                }
                else if (room < maxHeld)
                {
                    buffer = StreamBuffers.Grow(buffer, length, maxHeld - 1L);
                }
                else if (JsonBody.IsBlank(buffer.AsSpan(0, length)))
                {
                    // Only blanks so far, which the body may be made of: keep nothing and read on.
                    length = 0;
                }
                else
                {
                    // The buffer goes back only after this returns, when nothing reads it any more.
                    using var whole = new PrefixedReadStream(buffer.AsMemory(0, length), utf8);
                    return await DeserializeAsync(whole, typeInfo, headers, cancellationToken).ConfigureAwait(false);
                }
            }
        }
        finally
        {
            BufferPool.Return(buffer);
        }
    }

    private static async Task<T?> DeserializeAsync<T>(Stream utf8, JsonTypeInfo<T> typeInfo, HttpContentHeaders? headers, CancellationToken cancellationToken)
    {
        T? value;
        try
        {
            value = await JsonSerializer.DeserializeAsync(utf8, typeInfo, cancellationToken).ConfigureAwait(false);
        }
        catch (JsonException ex)
        {
            // Read as it arrived, so no bytes are at hand to quote: the message gives the type, path and position.
            throw ReadErrors.Describe(ex, typeInfo, ReadErrors.Body, default, headers);
        }

        cancellationToken.ThrowIfCancellationRequested();
        return value;
    }
}
