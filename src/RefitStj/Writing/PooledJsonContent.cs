using System.Net;
using RefitStj.IO;

namespace RefitStj.Writing;

/// <summary>
/// A request body serialized once, at creation, into rented memory (one array, or a chain of pooled segments for a body
/// larger than one): it knows its exact length (so it can be sent with a Content-Length) and can be copied and read any
/// number of times.
/// </summary>
/// <remarks>
/// The memory is shared by reference count, so it goes back to the pool only when nothing can read it any more, whatever
/// the order of events: every write and read stream takes a reference before touching it and gives it back when done,
/// and the content gives up its own reference at the end of its first write or on dispose, whichever comes first.
/// A caller that copies the content once and never disposes it (a wrapping content does) gets the memory back right
/// after that copy.
/// HTTP/2 may still be writing a body when Refit disposes the request; the memory goes back once that write has ended.
/// A later read (a retry, a second copy) serializes the body again into a buffer of its own, and must get the same
/// length; a read after dispose throws <see cref="ObjectDisposedException"/>.
/// </remarks>
internal sealed class PooledJsonContent : HttpContent
{
    private readonly RefCountedBuffer _body;
    private readonly long _length;
    private readonly object? _value;
    private readonly JsonTypeInfo _typeInfo;
    private volatile bool _disposed;

    /// <summary>Takes ownership of <paramref name="rented"/>, which must come from <see cref="WriteBufferPool"/> and hold <paramref name="value"/> serialized.</summary>
    public PooledJsonContent(PooledBytes rented, object? value, JsonTypeInfo typeInfo)
    {
        _body = new RefCountedBuffer(rented);
        _length = rented.Length;
        _value = value;
        _typeInfo = typeInfo;
        JsonMediaType.AddTo(this);
    }

    /// <summary>The body's length in bytes, as reported in Content-Length.</summary>
    public long Length => _length;

    /// <summary>
    /// Copies <paramref name="destination"/>.Length bytes of the body, from <paramref name="offset"/>, out of the pooled
    /// memory while holding a reference to it; once that memory is gone, out of <paramref name="copy"/>, a private copy
    /// in rented memory serialized again on first need, which the caller gives back when it is done with it.
    /// </summary>
    /// <exception cref="ObjectDisposedException">The content was disposed.</exception>
    internal void CopyBody(long offset, Span<byte> destination, ref PooledBytes copy)
    {
        if (copy.IsEmpty && _body.TryAcquire(out var bytes))
        {
            try
            {
                bytes.CopyTo(offset, destination);
                return;
            }
            finally
            {
                _body.Release();
            }
        }

        if (copy.IsEmpty)
        {
            copy = Rewrite();
        }

        copy.CopyTo(offset, destination);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        if (!_body.TryAcquire(out var bytes))
        {
            return WriteRewrittenAsync(stream, cancellationToken);
        }

        ValueTask writing;
        try
        {
            writing = bytes.WriteToAsync(stream, cancellationToken);
        }
        catch
        {
            EndWrite();
            throw;
        }

        // Most writes into a handler's buffer complete at once: no async state machine for them.
        if (writing.IsCompletedSuccessfully)
        {
#pragma warning disable CA1849 // Already completed: GetResult lets a pooled ValueTask source recycle, it never blocks.
            writing.GetAwaiter().GetResult();
#pragma warning restore CA1849
            EndWrite();
            return Task.CompletedTask;
        }

        return AwaitWriteAsync(writing);
    }

    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        if (!_body.TryAcquire(out var bytes))
        {
            var rewritten = Rewrite();
            try
            {
                rewritten.WriteTo(stream);
            }
            finally
            {
                rewritten.Return();
            }

            return;
        }

        try
        {
            bytes.WriteTo(stream);
        }
        finally
        {
            EndWrite();
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = _length;
        return true;
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult(CreateContentReadStream(CancellationToken.None));

    // HttpContent refuses a read of a disposed content before it gets here.
    protected override Stream CreateContentReadStream(CancellationToken cancellationToken) => new PooledJsonContentStream(this);

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            // Marked before the reference goes, so a reader that finds the memory gone also finds the content disposed.
            _disposed = true;
            _body.ReleaseOwner();
        }

        base.Dispose(disposing);
    }

    private async Task AwaitWriteAsync(ValueTask writing)
    {
        try
        {
            await writing.ConfigureAwait(false);
        }
        finally
        {
            EndWrite();
        }
    }

    // A write that got the memory ends its own reference, and (if first) the content's: a read after it serializes again.
    private void EndWrite()
    {
        _body.ReleaseOwner();
        _body.Release();
    }

    private async Task WriteRewrittenAsync(Stream stream, CancellationToken cancellationToken)
    {
        var rewritten = Rewrite();
        try
        {
            await rewritten.WriteToAsync(stream, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            rewritten.Return();
        }
    }

    /// <summary>The body serialized again into rented memory, for a read after the content's own memory went back.</summary>
    private PooledBytes Rewrite()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        return JsonBodyWriter.Rewrite(_value, _typeInfo, _length);
    }
}
