using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;

namespace RefitStj.LimitHandler;

/// <summary>
/// Where a <see cref="LimitHandlerContent"/> has its inner content copy itself: counts each write against the limit
/// before passing it on, and restarts the stall limit's time after it.
/// </summary>
internal sealed class LimitHandlerWriteStream(Stream destination, LimitHandlerContent owner) : WriteOnlyStream
{
    private long _written;

    /// <summary>The bytes written through so far.</summary>
    public long Written => _written;

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        Counted(buffer.Length);
        owner.ReadEnded();
        destination.Write(buffer);
        owner.ReadGoesOn();
    }

    [SuppressMessage("Reliability", "CA2012", Justification = "Awaited once, here.")]
    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Counted(buffer.Length);
        owner.ReadEnded();
        await destination.WriteAsync(buffer, cancellationToken).ConfigureAwait(false);
        owner.ReadGoesOn();
    }

    public override void Flush() => destination.Flush();

    public override Task FlushAsync(CancellationToken cancellationToken) => destination.FlushAsync(cancellationToken);

    // Counted before it is passed on: a write past the limit, or after the body failed, never reaches the destination.
    private void Counted(int length)
    {
        owner.Room(length, _written);
        owner.Count(ref _written, length, length);
    }
}
