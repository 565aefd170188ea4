using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;

namespace RefitStj.Limits;

/// <summary>The body stream of a <see cref="LimitHandlerContent"/>: every read is counted, and none reads far past the limit.</summary>
internal sealed class LimitHandlerReadStream : ObservedReadStream
{
    private readonly Stream _inner;
    [SuppressMessage("Usage", "CA2213", Justification = "The content owns this stream, not the other way round.")]
    private readonly LimitHandlerContent _owner;

    public LimitHandlerReadStream(Stream inner, LimitHandlerContent owner)
        : base(inner)
    {
        _inner = inner;
        _owner = owner;
    }

    /// <summary>Tells the content that this stream is read item by item (see <see cref="LimitHandlerContent.ReadByItems"/>).</summary>
    /// <returns>The handler's limit, for each item.</returns>
    public long ReadByItems() => _owner.ReadByItems();

    protected override int Room(int length) => _owner.Room(length);

    protected override void Observe(ReadOnlySpan<byte> read) => _owner.Count(read.Length);

    protected override void Failed(Exception exception) => _owner.Failed(exception);

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
