using System.Net;
using System.Runtime.ExceptionServices;
using RefitStj.IO;

namespace RefitStj.LimitHandler;

/// <summary>
/// The content <see cref="ResponseSizeLimitHandler"/> puts on every response: it lets at most <c>limit</c> bytes of
/// another through per read of the body, whoever reads it: Refit's <see cref="HttpContent.LoadIntoBufferAsync()"/>, a
/// serializer, or a stream reader. A reader that holds one item at a time and bounds each item may say so
/// (<see cref="ReadByItems"/>): from then on the limit applies to each item rather than to the body, so a long stream
/// is not cut. It adds no buffer of its own: once buffered, the base class holds the body and hands it out as any
/// buffered content does (read in place by RefitStj). A body can be read again exactly when the inner content can
/// (a <see cref="ByteArrayContent"/> can, a connection's body cannot). Past the limit, at a body short of its framing
/// length where the transport does not check (<see cref="BodyFraming"/>), or after a read waited past the stall limit,
/// it disposes the inner content, which ends the response on the wire. Any failure of a read (those, or the inner
/// content's own: a reset connection, a broken compressed stream) is kept, and every later read fails with it, so a
/// caller that reads again after a failed read (Refit does, after a failed buffering) sees that error rather than the
/// empty rest of a dead stream.
/// </summary>
internal sealed class LimitHandlerContent : HttpContent
{
    private readonly HttpContent _inner;
    private readonly long _limit;
    private readonly HttpStatusCode _statusCode;
    private readonly BodyFraming _framing;
    private readonly StallTimer? _stall;
    private long _received;
    private bool _byItems;
    private bool _opened;
    private ExceptionDispatchInfo? _failure;

    public LimitHandlerContent(HttpContent inner, long limit, HttpStatusCode statusCode, BodyFraming framing, TimeSpan stallTimeout, TimeProvider timeProvider)
    {
        _inner = inner;
        _limit = limit;
        _statusCode = statusCode;
        _framing = framing;
        foreach (var header in inner.Headers.NonValidated)
        {
            // A length over the limit is not passed on, framing or not: HttpClient would size a buffer by it.
            if (framing.Declared > limit && header.Key.Equals("Content-Length", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        if (framing.Framing > limit)
        {
            Fail(ResponseTooLargeException.DeclaredToHandler(limit, framing.Framing.Value, statusCode));
        }
        else if (stallTimeout != Timeout.InfiniteTimeSpan)
        {
            _stall = new StallTimer(stallTimeout, timeProvider, Stalled);
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

    /// <summary>
    /// How many of <paramref name="free"/> bytes the next read of a pass that has read <paramref name="passRead"/> may
    /// take: one past the limit at most. Once the body has failed, none: it throws that failure again.
    /// </summary>
    internal int Room(int free, long passRead)
    {
        _failure?.Throw();
        return _byItems ? free : StreamBuffers.Room(free, _limit, passRead);
    }

    /// <summary>
    /// Counts what one read of a pass brought: past the limit, or at an end short of the framing length where the
    /// transport does not check it, abandons the response and throws.
    /// </summary>
    internal void Count(ref long passRead, int read, int asked)
    {
        passRead += read;
        _received += read;
        if (!_byItems && passRead > _limit)
        {
            Fail(ResponseTooLargeException.CountedByHandler(_limit, passRead, _statusCode));
            _failure!.Throw();
        }

        if (read == 0 && asked > 0)
        {
            Ended(passRead);
        }
    }

    /// <summary>A pass reached the end of the body after <paramref name="passRead"/> bytes.</summary>
    internal void Ended(long passRead)
    {
        if (_framing.CheckEnd && passRead < _framing.Framing)
        {
            Fail(new HttpIOException(
                HttpRequestError.ResponseEnded,
                $"The response body ended after {passRead} bytes, before its Content-Length of {_framing.Framing} bytes: the transfer was cut " +
                "(HTTP/2 and later; ResponseSizeLimitHandler checks what the transport does not)."));
            _failure!.Throw();
        }
    }

    /// <summary>Starts timing a read (when there is a stall limit); returns the token to read with.</summary>
    internal CancellationToken ReadStarting(CancellationToken cancellationToken) => _stall?.Arm(cancellationToken) ?? cancellationToken;

    /// <summary>Restarts the time of a copy that goes on (bytes came).</summary>
    internal void ReadGoesOn() => _stall?.Rearm();

    /// <summary>Stops timing: the read is over, or its bytes are with the reader.</summary>
    internal void ReadEnded() => _stall?.Disarm();

    /// <summary>
    /// Keeps a failure of a read of the body (the first one), so that every later read fails with it too. Returns the
    /// exception to throw instead, when the read failed because it stalled (the caller's own cancellation stays as is).
    /// </summary>
    internal Exception? Failed(Exception exception, CancellationToken cancellationToken)
    {
        if (_stall is { Fired: true } && !cancellationToken.IsCancellationRequested)
        {
            // The read's own cancellation may have run before the timer's callback kept the stall: keep it here (the first kept failure wins).
            Stalled();
            return _failure!.SourceException;
        }

        // Kept as the transport threw it, not in HttpContent's copy wrapper: a later read's own copy wraps it again.
        var cause = exception.GetType() == typeof(HttpRequestException) && exception.InnerException is IOException or ObjectDisposedException
            ? exception.InnerException
            : exception;
        Keep(ExceptionDispatchInfo.Capture(cause));
        return null;
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        _failure?.Throw();
        if (!_opened)
        {
            // The first read goes through the inner content's stream, each read sized to stop one byte past the limit.
            // Not disposed: the inner content owns its stream, and a seekable one is read again from it.
#pragma warning disable CA2000
            var source = await CreateContentReadStreamAsync(cancellationToken).ConfigureAwait(false);
#pragma warning restore CA2000
            await source.CopyToAsync(stream, cancellationToken).ConfigureAwait(false);
            return;
        }

        // A later one has the inner content copy itself again: a content that can be read twice (a ByteArrayContent) still
        // can, and a connection's body fails as it would without this handler.
        await CopyAgainAsync(stream, static (inner, counted, _, token) => inner.CopyToAsync(counted, token), context, cancellationToken)
            .ConfigureAwait(false);
    }

    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        _failure?.Throw();
        if (!_opened)
        {
#pragma warning disable CA2000 // As above: the inner content owns its stream.
            CreateContentReadStream(cancellationToken).CopyTo(stream);
#pragma warning restore CA2000
            return;
        }

        // The same steps as the asynchronous copy; with a synchronous copy they complete before this line returns.
        CopyAgainAsync(stream, CopyTo, context, cancellationToken).GetAwaiter().GetResult();
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => CreateContentReadStreamAsync(CancellationToken.None);

    protected override async Task<Stream> CreateContentReadStreamAsync(CancellationToken cancellationToken)
    {
        _failure?.Throw();
        _opened = true;
        return new LimitHandlerReadStream(await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false), this);
    }

    protected override Stream CreateContentReadStream(CancellationToken cancellationToken)
    {
        _failure?.Throw();
        _opened = true;
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
            _stall?.Dispose();
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }

    // The synchronous pass's copy, in the asynchronous pass's shape: it blocks, as SerializeToStream is asked to.
    private static Task CopyTo(HttpContent inner, Stream counted, TransportContext? context, CancellationToken cancellationToken)
    {
#pragma warning disable CA1849
        inner.CopyTo(counted, context, cancellationToken);
#pragma warning restore CA1849
        return Task.CompletedTask;
    }

    /// <summary>A pass after the first: the inner content copies itself, counted and timed, and a stall is named as such.</summary>
    private async Task CopyAgainAsync(
        Stream stream, Func<HttpContent, Stream, TransportContext?, CancellationToken, Task> copy, TransportContext? context, CancellationToken cancellationToken)
    {
        using var counted = new LimitHandlerWriteStream(stream, this);
        var token = ReadStarting(cancellationToken);
        try
        {
            await copy(_inner, counted, context, token).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            if (Failed(ex, cancellationToken) is { } stalled)
            {
                throw stalled;
            }

            throw;
        }
        finally
        {
            ReadEnded();
        }

        Ended(counted.Written);
    }

    private void Stalled() =>
        Keep(ExceptionDispatchInfo.Capture(ResponseStalledException.Create(_stall!.Limit, _received, _statusCode)));

    private void Fail(Exception exception) => Keep(ExceptionDispatchInfo.Capture(exception));

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
