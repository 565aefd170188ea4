using System.Buffers;
using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Buffers;
using RefitStj.Streaming;

namespace RefitStj.Http;

/// <summary>
/// Reads a response body and deserializes it from a span wherever the body can be had whole: System.Text.Json's span
/// entry point takes the converters' fast path; its stream entry points always run the slower resumable one. A UTF-8
/// body whose Content-Length is at most <see cref="MaxHeldLength"/> is reached through
/// <see cref="HttpContent.CopyToAsync(Stream, CancellationToken)"/>, which hands a buffered body over in one synchronous
/// write, read in place: no read stream, no task, nothing allocated but the result's own task. Any other body goes
/// through <see cref="BodyStreamReader"/>, which holds at most that much of it.
/// </summary>
internal static class JsonBodyReader
{
    /// <summary>The most bytes of a body on the wire held at once: above it, System.Text.Json reads it as it arrives.</summary>
    public const int MaxHeldLength = BufferPool.MaxPooledLength;

    private static readonly SearchValues<char> s_whiteSpaceChars = SearchValues.Create(" \t\r\n");

    /// <summary>
    /// Reads and deserializes <paramref name="content"/>, refusing bodies over <paramref name="limit"/> bytes. Every
    /// failure arrives in the returned task, as it would from an async method.
    /// </summary>
    public static Task<T?> ReadAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, long limit, CancellationToken cancellationToken) =>
        ReadAsync(content, typeInfo, limit, MaxHeldLength, cancellationToken);

    /// <summary>As <see cref="ReadAsync{T}(HttpContent, JsonTypeInfo{T}, long, CancellationToken)"/>, holding at most <c>maxHeld</c> bytes of a body not already in memory (tests set it low).</summary>
    internal static Task<T?> ReadAsync<T>(HttpContent content, JsonTypeInfo<T> typeInfo, long limit, int maxHeld, CancellationToken cancellationToken)
    {
        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<T?>(cancellationToken);
        }

        try
        {
            var encoding = Charsets.GetTranscodingEncoding(content.Headers);
            var declared = DeclaredLength(content.Headers);

            // A declared length over the limit fails before a byte is read.
            if (declared > limit)
            {
                throw ResponseTooLargeException.Declared(limit, declared.Value);
            }

            return encoding is null && declared <= maxHeld
                ? ReadCopied(content, typeInfo, limit, declared.Value, cancellationToken)
                : BodyStreamReader.ReadAsync(content, typeInfo, encoding, limit, maxHeld, cancellationToken);
        }
#pragma warning disable CA1031 // Not handled: moved into the task, where an async method would have put it.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return Task.FromException<T?>(ex);
        }
    }

    public static T? Deserialize<T>(ReadOnlySpan<byte> utf8, JsonTypeInfo<T> typeInfo)
    {
        utf8 = WithoutBom(utf8);
        if (IsBlank(utf8))
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

    private static Task<T?> ReadCopied<T>(HttpContent content, JsonTypeInfo<T> typeInfo, long limit, long length, CancellationToken cancellationToken)
    {
        BodyCollector<T>? collector = BodyCollector<T>.Rent(typeInfo, limit, length);
        try
        {
            var copy = content.CopyToAsync(collector, cancellationToken);
            if (copy.IsCompletedSuccessfully)
            {
                // A content that ignores the token may have run on another thread meanwhile: cancelled means no value.
                return cancellationToken.IsCancellationRequested
                    ? Task.FromCanceled<T?>(cancellationToken)
                    : Task.FromResult(collector.ReadValue());
            }

            // Still on the wire (or failed): the collector now belongs to the copy until it ends.
            var pending = collector;
            collector = null;
            return ReadPendingAsync(copy, pending, cancellationToken);
        }
        finally
        {
#pragma warning disable CA1849 // Disposing the collector only hands its array back to the pool; nothing to await.
            collector?.Dispose();
#pragma warning restore CA1849
        }
    }

    private static async Task<T?> ReadPendingAsync<T>(Task copy, BodyCollector<T> collector, CancellationToken cancellationToken)
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
            return collector.ReadValue();
        }
    }

    /// <summary>Whether a body, or its start, is only a byte order mark and whitespace: what reads as <c>default</c>.</summary>
    internal static bool IsBlank(ReadOnlySpan<byte> utf8) => WithoutBom(utf8).IndexOfAnyExcept(StreamBuffers.WhiteSpace) < 0;

    // The span entry point, unlike the stream ones, does not skip a UTF-8 byte order mark.
    private static ReadOnlySpan<byte> WithoutBom(ReadOnlySpan<byte> utf8) => utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8;

    // CopyToAsync wraps an IOException from either stream in a plain HttpRequestException; reading the stream would not.
    private static bool IsCopyWrapper(HttpRequestException ex) =>
        ex.GetType() == typeof(HttpRequestException) && ex.InnerException is IOException or ObjectDisposedException;

    /// <summary>
    /// The Content-Length received or set, and only then: asked of a content without one,
    /// <see cref="HttpContentHeaders.ContentLength"/> would compute the length and store it as a header of its own.
    /// </summary>
    private static long? DeclaredLength(HttpContentHeaders headers) =>
        headers.NonValidated.Contains("Content-Length") ? headers.ContentLength : null;

    /// <summary>A failure to deserialize, kept a <see cref="JsonException"/> (Refit keeps it as the ApiException's inner exception); the body itself is never quoted.</summary>
    internal static JsonException Describe<T>(JsonException inner) =>
        new($"The response body is not valid JSON for {typeof(T)}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);
}
