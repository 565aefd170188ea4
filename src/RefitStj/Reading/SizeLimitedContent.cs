using System.Net;
using System.Runtime.ExceptionServices;
using RefitStj.IO;

namespace RefitStj.Reading;

/// <summary>
/// A response content that lets at most <c>limit</c> bytes of another through, whoever reads it: Refit's
/// <see cref="HttpContent.LoadIntoBufferAsync()"/>, a serializer, or a stream reader. It adds no buffer of its own: once
/// buffered, the base class holds the body and hands it out as any buffered content does (read in place by RefitStj).
/// Past the limit it disposes the inner content, which ends the response on the wire, and from then on every read
/// fails with the same <see cref="ResponseTooLargeException"/>, so a caller that retries a failed read (Refit reads
/// again after a failed buffering) sees that error rather than a consumed stream.
/// </summary>
internal sealed class SizeLimitedContent : HttpContent
{
    private readonly HttpContent _inner;
    private readonly long _limit;
    private readonly HttpStatusCode _statusCode;
    private long _read;
    private ExceptionDispatchInfo? _failure;

    public SizeLimitedContent(HttpContent inner, long limit, HttpStatusCode statusCode)
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

    /// <summary>Counts bytes that came through; past the limit, abandons the response and throws.</summary>
    internal void Count(int read)
    {
        _read += read;
        if (_read > _limit)
        {
            Fail(ResponseTooLargeException.CountedByHandler(_limit, _read, _statusCode));
            _failure!.Throw();
        }
    }

    /// <summary>How many of <paramref name="free"/> bytes the next read may take: one past the limit at most.</summary>
    internal int Room(int free) => StreamBuffers.Room(free, _limit, _read);

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
        _failure?.Throw();
        return new SizeLimitedReadStream(await _inner.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false), this);
    }

    protected override Stream CreateContentReadStream(CancellationToken cancellationToken)
    {
        _failure?.Throw();
        return new SizeLimitedReadStream(_inner.ReadAsStream(cancellationToken), this);
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

    private void Fail(ResponseTooLargeException exception)
    {
        _failure = ExceptionDispatchInfo.Capture(exception);

        // Not drained: disposing an unfinished response resets an HTTP/2 stream; HTTP/1.1 closes the connection (after
        // at most SocketsHttpHandler.MaxResponseDrainSize, 1 MiB by default, which it reads to keep the connection).
        _inner.Dispose();
    }
}
