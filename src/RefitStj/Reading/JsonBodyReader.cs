using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using System.Text;
using RefitStj.IO;

namespace RefitStj.Reading;

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

        BodyCollector<T>? collector = null;
        try
        {
            var encoding = Charsets.GetTranscodingEncoding(content.Headers);
            var declared = DeclaredLength(content.Headers);

            // Seen from a content, a length may be stale or a decoder's encoded one: the bytes read count against the
            // limit, not the header. Only 0 says the body is empty whatever the framing (no encoded body is 0 bytes).
            if (declared == 0)
            {
                return Task.FromResult<T?>(default);
            }

            if (!CopiesWhole(encoding, declared, maxHeld))
            {
                return BodyStreamReader.ReadAsync(content, typeInfo, encoding, limit, maxHeld, cancellationToken);
            }

            collector = BodyCollector<T>.Rent(typeInfo, limit, declared.GetValueOrDefault(), ServerHeaders(content));
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

    /// <summary>
    /// The headers whose media type a failure may name: not those of a <see cref="StringContent"/>, which was made in
    /// this process (Refit's <c>ApiException.GetContentAsAsync</c> passes the error body as text/plain whatever it was).
    /// </summary>
    internal static HttpContentHeaders? ServerHeaders(HttpContent content) => content is StringContent ? null : content.Headers;

    /// <summary>
    /// The read strategy's first question, asked before any stream is opened (opening one costs a task even for a
    /// buffered body): a UTF-8 body whose Content-Length is within <paramref name="maxHeld"/> is taken whole through
    /// <see cref="HttpContent.CopyToAsync(Stream, CancellationToken)"/>, buffered or not, since holding it is bounded.
    /// Everything else goes to <see cref="BodyStreamReader"/>, which asks the second question,
    /// <see cref="IsContentBuffer"/>, of the stream it opens.
    /// </summary>
    private static bool CopiesWhole(Encoding? encoding, long? declared, int maxHeld) => encoding is null && declared <= maxHeld;

    /// <summary>
    /// The read strategy's second question: whether a content's read stream is the content's own buffer (a buffered
    /// content hands out a <see cref="MemoryStream"/>), so the body is already in memory and no held maximum applies.
    /// Only the stream answers it: HttpContent says nowhere else whether it is buffered.
    /// </summary>
    internal static bool IsContentBuffer(Stream stream) => stream.GetType() == typeof(MemoryStream);

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

    // CopyToAsync wraps an IOException from either stream in a plain HttpRequestException; reading the stream would not.
    private static bool IsCopyWrapper(HttpRequestException ex) =>
        ex.GetType() == typeof(HttpRequestException) && ex.InnerException is IOException or ObjectDisposedException;

    /// <summary>
    /// The Content-Length received or set, and only then: asked of a content without one,
    /// <see cref="HttpContentHeaders.ContentLength"/> would compute the length and store it as a header of its own.
    /// </summary>
    private static long? DeclaredLength(HttpContentHeaders headers) =>
        headers.NonValidated.Contains("Content-Length") ? headers.ContentLength : null;
}
