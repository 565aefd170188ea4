using System.Net;

namespace RefitStj.Tests.Support;

/// <summary>Content that hands out its body as a <see cref="MemoryStream"/> subclass, whose array cannot be reached without a copy.</summary>
internal sealed class SubclassedMemoryContent(byte[] body) : HttpContent
{
    protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult<Stream>(new HiddenMemoryStream(body));

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => stream.WriteAsync(body).AsTask();

    protected override bool TryComputeLength(out long length)
    {
        length = body.Length;
        return true;
    }

    /// <summary>Only its type differs from MemoryStream's, which is enough to send CopyTo through Read.</summary>
    public sealed class HiddenMemoryStream(byte[] body) : MemoryStream(body, writable: false);
}
