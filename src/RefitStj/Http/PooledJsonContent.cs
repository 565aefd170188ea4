using RefitStj.Buffers;
using System.Net;

namespace RefitStj.Http;

/// <summary>
/// A request body already serialized into a rented array: it knows its exact length (so it can be sent with a
/// Content-Length), can be copied and read any number of times, and gives the array back to the pool on dispose.
/// </summary>
internal sealed class PooledJsonContent : HttpContent
{
    private readonly int _length;
    private byte[]? _buffer;

    /// <summary>Takes ownership of <paramref name="rented"/>, which must come from <see cref="BufferPool"/>.</summary>
    public PooledJsonContent(byte[] rented, int length)
    {
        _buffer = rented;
        _length = length;
        JsonMediaType.AddTo(this);
    }

    /// <summary>The serialized bytes; throws once the content is disposed.</summary>
    public ReadOnlyMemory<byte> Memory => new(Buffer, 0, _length);

    private byte[] Buffer => _buffer ?? throw new ObjectDisposedException(nameof(PooledJsonContent));

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        stream.WriteAsync(Memory, cancellationToken).AsTask();

    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        stream.Write(Memory.Span);

    protected override bool TryComputeLength(out long length)
    {
        length = _length;
        return true;
    }

    protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult<Stream>(CreateReadStream());

    protected override Stream CreateContentReadStream(CancellationToken cancellationToken) => CreateReadStream();

    protected override void Dispose(bool disposing)
    {
        // Exchange first so that a second Dispose, even a racing one, cannot return the array twice.
        if (disposing && Interlocked.Exchange(ref _buffer, null) is { } rented)
        {
            BufferPool.Return(rented);
        }

        base.Dispose(disposing);
    }

    private MemoryStream CreateReadStream() => new(Buffer, 0, _length, writable: false);
}
