using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;

namespace RefitStj.Reading;

/// <summary>The body stream of a <see cref="SizeLimitedContent"/>: every read is counted, and none reads far past the limit.</summary>
internal sealed class SizeLimitedReadStream : ObservedReadStream
{
    private readonly Stream _inner;
    [SuppressMessage("Usage", "CA2213", Justification = "The content owns this stream, not the other way round.")]
    private readonly SizeLimitedContent _owner;

    public SizeLimitedReadStream(Stream inner, SizeLimitedContent owner)
        : base(inner)
    {
        _inner = inner;
        _owner = owner;
    }

    protected override int Room(int length) => _owner.Room(length);

    protected override void Observe(ReadOnlySpan<byte> read) => _owner.Count(read.Length);

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner.Dispose();
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        await _inner.DisposeAsync().ConfigureAwait(false);
        await base.DisposeAsync().ConfigureAwait(false);
    }
}
