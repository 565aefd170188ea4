using System.Net;
using System.Runtime.ExceptionServices;
using RefitStj.IO;

namespace RefitStj.Limits;

/// <summary>
/// The content <see cref="ResponseSizeLimitHandler"/> puts on every response: it lets at most <c>limit</c> bytes of
/// another through, whoever reads it: Refit's <see cref="HttpContent.LoadIntoBufferAsync()"/>, a serializer, or a
/// stream reader. A reader that holds one item at a time and bounds each item may say so (<see cref="ReadByItems"/>):
/// from then on the limit applies to each item rather than to the body, so a long stream is not cut. It adds no buffer of its own: once
/// buffered, the base class holds the body and hands it out as any buffered content does (read in place by RefitStj).
/// Past the limit it disposes the inner content, which ends the response on the wire. The body can be read once: any
/// failure of that read (the limit, or the inner content's own: a reset connection, a body shorter than its
/// Content-Length, a broken compressed stream) is kept, and every later read fails with it, so a caller that reads again
/// after a failed read (Refit does, after a failed buffering) sees that error rather than the empty rest of a dead stream.
/// </summary>
internal sealed class LimitHandlerContent : HttpContent
{
    private readonly HttpContent _inner;
    private readonly long _limit;
    private readonly HttpStatusCode _statusCode;
    private long _read;
    private bool _byItems;
    private bool _opened;
    private ExceptionDispatchInfo? _failure;

    public LimitHandlerContent(HttpContent inner, long limit, HttpStatusCode statusCode)
    {
        _inner = inner;
        _limit = limit;
        _statusCode = statusCode;

        // Asked of a content without the header, ContentLength would compute a length and store it as a header.
        var declared = inner.Headers.NonValidated.Contains("Content-Length") ? inner.Headers.ContentLength : null;
        foreach (var header in inner.Headers.NonValidated)
        {
            // A body that will never be read promises no length: HttpClient would size a buffer by it before reading.
            if (declared > limit && header.Key.Equals("Content-Length", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        if (declared > limit)
        {
            Fail(ResponseTooLargeException.DeclaredToHandler(limit, declared.Value, statusCode));
        }
    }

    /// <summary>
    /// Called by a stream reader that holds one item at a time, each bounded by an item limit of its own: the body as a
    /// whole is no longer counted, and the reader bounds each item by the returned limit (the handler's) as well.
    /// </summary>
    /// <returns>The handler's limit, which each item must also stay within.</returns>
    internal long ReadByItems()
    {
        _byItems = true;
        return _limit;
    }

    /// <summary>Counts bytes that came through; past the limit, abandons the response and throws.</summary>
    internal void Count(int read)
    {
        if (_byItems)
        {
            return;
        }

        _read += read;
        if (_read > _limit)
        {
            Fail(ResponseTooLargeException.CountedByHandler(_limit, _read, _statusCode));
            _failure!.Throw();
        }
    }

    /// <summary>
    /// How many of <paramref name="free"/> bytes the next read may take: one past the limit at most. Once the body has
    /// failed, none: it throws that failure again, on whichever stream of this content asks.
    /// </summary>
    internal int Room(int free)
    {
        _failure?.Throw();
        return _byItems ? free : StreamBuffers.Room(free, _limit, _read);
    }

    /// <summary>Keeps a failure of the inner content's body (the first one), so that every later read fails with it too.</summary>
    internal void Failed(Exception exception) => Keep(ExceptionDispatchInfo.Capture(exception));

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var source = await CreateContentReadStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (source.ConfigureAwait(false))
        {
            await source.CopyToAsync(stream, cancellationToken).ConfigureAwait(false);
        }
    }

    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        using var source = CreateContentReadStream(cancellationToken);
        source.CopyTo(stream);
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => CreateContentReadStreamAsync(CancellationToken.None);

    protected override async Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken)
    {
        Open();
        return new LimitHandlerReadStream(await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false), this);
    }

    protected override Stream CreateContentReadStream(CancellationToken cancellationToken)
    {
        Open();
        return new LimitHandlerReadStream(_inner.ReadAsStream(cancellationToken), this);
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }

    /// <summary>
    /// Called for every read of the body that does not come from the base class's buffer: the inner content's stream
    /// can be read through once, and a second stream over it would start wherever the first one stopped.
    /// </summary>
    private void Open()
    {
        _failure?.Throw();
        if (_opened)
        {
            throw new InvalidOperationException("The response body was already read, and was not buffered: it cannot be read again.");
        }

        _opened = true;
    }

    private void Fail(ResponseTooLargeException exception) => Keep(ExceptionDispatchInfo.Capture(exception));

    private void Keep(ExceptionDispatchInfo failure)
    {
        // Not drained: disposing an unfinished response resets an HTTP/2 stream; HTTP/1.1 closes the connection (after
        // at most SocketsHttpHandler.MaxResponseDrainSize, 1 MiB by default, which it reads to keep the connection).
        if (Interlocked.CompareExchange(ref _failure, failure, null) is null)
        {
            _inner.Dispose();
        }
    }
}
