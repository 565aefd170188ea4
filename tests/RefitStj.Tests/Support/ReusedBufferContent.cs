using System.Net;

namespace RefitStj.Tests.Support;

/// <summary>
/// Content that writes its body in pieces through one array it reuses, as a connection writes a response with a
/// Content-Length from its read buffer, and scribbles over that array as soon as each write returns: a reader that kept
/// the memory instead of copying it reads '#'. Every other piece is written after a yield, so the copy completes
/// asynchronously.
/// </summary>
internal sealed class ReusedBufferContent : HttpContent
{
    private readonly byte[] _body;
    private readonly int _chunk;

    public ReusedBufferContent(byte[] body, int chunk)
    {
        _body = body;
        _chunk = chunk;
        Headers.ContentLength = body.Length;
    }

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
    {
        var (body, chunk) = (_body, _chunk);
        var buffer = new byte[chunk];
        for (int offset = 0, piece = 0; offset < body.Length; offset += chunk, piece++)
        {
            if (piece % 2 == 1)
            {
                await Task.Yield();
            }

            var count = Math.Min(chunk, body.Length - offset);
            body.AsSpan(offset, count).CopyTo(buffer);
            await stream.WriteAsync(buffer.AsMemory(0, count));
            buffer.AsSpan().Fill(CountingPool.Poison);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}

/// <summary>Content whose body is whatever <paramref name="write"/> writes to the stream it is given.</summary>
internal sealed class CallbackContent(Func<Stream, Task> write) : HttpContent
{
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => write(stream);

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
