using System.Buffers;
using System.Globalization;
using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Buffers;
using RefitStj.Streaming;

namespace RefitStj.Http;

/// <summary>
/// Reads a response body into memory and deserializes it from a span. System.Text.Json's span entry point takes the
/// converters' fast path; its stream entry points always run the slower resumable one, whatever the body size. The body
/// is reached through <see cref="HttpContent.CopyToAsync(Stream, CancellationToken)"/>, which hands a buffered body over
/// in one synchronous write: no read stream, no task, nothing allocated but the result's own task.
/// </summary>
internal static class JsonBodyReader
{
    private static readonly SearchValues<char> s_whiteSpaceChars = SearchValues.Create(" \t\r\n");

    /// <summary>
    /// Reads and deserializes <paramref name="content"/>, refusing bodies over <paramref name="limit"/> bytes. Every
    /// failure arrives in the returned task, as it would from an async method.
    /// </summary>
    public static Task<T?> ReadAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, long limit, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<T?>(cancellationToken);
        }

        BodyCollector? collector = null;
        try
        {
            var encoding = Charsets.GetTranscodingEncoding(content.Headers);

            // A declared length over the limit fails before a byte is read; without a limit the header is never looked up.
            if (limit != long.MaxValue && DeclaredLength(content.Headers) is { } declared && declared > limit)
            {
                throw ResponseTooLargeException.Declared(limit, declared);
            }

            collector = BodyCollector.Rent(limit);
            var copy = content.CopyToAsync(collector, cancellationToken);
            if (copy.IsCompletedSuccessfully)
            {
                // A content that ignores the token may have run on another thread meanwhile: cancelled means no value.
                return cancellationToken.IsCancellationRequested
                    ? Task.FromCanceled<T?>(cancellationToken)
                    : Task.FromResult(Deserialize(collector.Written, encoding, typeInfo));
            }

            // Still on the wire (or failed): the collector now belongs to the copy until it ends.
            var pending = collector;
            collector = null;
            return ReadPendingAsync(copy, pending, encoding, typeInfo, cancellationToken);
        }
#pragma warning disable CA1031 // Not handled: moved into the task, where an async method would have put it.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return Task.FromException<T?>(ex);
        }
        finally
        {
#pragma warning disable CA1849 // Disposing the collector only hands its array back to the pool; nothing to await.
            collector?.Dispose();
#pragma warning restore CA1849
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

    private static async Task<T?> ReadPendingAsync<T>(Task copy, BodyCollector collector, Encoding? encoding, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        using (collector)
        {
            try
            {
                await copy.ConfigureAwait(false);
            }
            catch (HttpRequestException ex) when (IsCopyWrapper(ex))
            {
                ExceptionDispatchInfo.Throw(ex.InnerException!);
            }

            // A content that ignores the token still ends its copy: cancelled means no value.
            cancellationToken.ThrowIfCancellationRequested();
            return Deserialize(collector.Written, encoding, typeInfo);
        }
    }

    private static T? Deserialize<T>(ReadOnlySpan<byte> body, Encoding? encoding, JsonTypeInfo<T> typeInfo)
    {
        if (encoding is null)
        {
            return Deserialize(body, typeInfo);
        }

        // Another charset: decoded to UTF-16, which System.Text.Json reads from a span too.
        var chars = ArrayPool<char>.Shared.Rent(encoding.GetCharCount(body));
        try
        {
            var count = encoding.GetChars(body, chars);
            return Deserialize(chars.AsSpan(0, count), typeInfo);
        }
        finally
        {
            ArrayPool<char>.Shared.Return(chars);
        }
    }

    // CopyToAsync wraps an IOException from either stream in an HttpRequestException; reading the stream would not.
    private static bool IsCopyWrapper(HttpRequestException ex) => ex.InnerException is IOException or ObjectDisposedException;

    /// <summary>
    /// The Content-Length received or set, read raw: <see cref="HttpContentHeaders.ContentLength"/> would compute a
    /// buffered body's length and store it as a parsed header value, an allocation per response for nothing.
    /// </summary>
    private static long? DeclaredLength(HttpContentHeaders headers) =>
        long.TryParse(RawHeaders.First(headers, "Content-Length"), NumberStyles.None, CultureInfo.InvariantCulture, out var length) ? length : null;

    // Kept a JsonException (Refit keeps it as the ApiException's inner exception); the body itself is never quoted.
    private static JsonException Describe<T>(JsonException inner) =>
        new($"The response body is not valid JSON for {typeof(T)}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);
}
