using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;

namespace RefitStj.LimitHandler;

/// <summary>
/// A read stream of a <see cref="LimitHandlerContent"/>: every read is counted (from zero for each stream), timed
/// against the stall limit while it waits, and none reads far past the limit.
/// </summary>
internal sealed class LimitHandlerReadStream(
    Stream inner,
    [SuppressMessage("Usage", "CA2213", Justification = "The content owns this stream, not the other way round.")] LimitHandlerContent owner)
    : ObservedReadStream(inner)
{
    private long _read;

    /// <summary>Tells the content that this stream is read item by item (see <see cref="LimitHandlerContent.ReadByItems"/>).</summary>
    /// <returns>The handler's limit, for each item.</returns>
    public long ReadByItems() => owner.ReadByItems();

    protected override int Room(int length) => owner.Room(length, _read);

    protected override CancellationToken Starting(CancellationToken cancellationToken) => owner.ReadStarting(cancellationToken);

    protected override void Ended() => owner.ReadEnded();

    protected override void Observe(ReadOnlySpan<byte> read, int asked) => owner.Count(ref _read, read.Length, asked);

    protected override Exception? Failed(Exception exception, CancellationToken cancellationToken) => owner.Failed(exception, cancellationToken);

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            Inner.Dispose();
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        await Inner.DisposeAsync().ConfigureAwait(false);
        await base.DisposeAsync().ConfigureAwait(false);
    }
}
