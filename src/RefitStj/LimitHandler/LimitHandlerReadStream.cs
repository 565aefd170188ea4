using System.Diagnostics.CodeAnalysis;
using RefitStj.IO;

namespace RefitStj.LimitHandler;

/// <summary>
/// A read stream of a <see cref="LimitHandlerContent"/>: every read is counted (from zero for each stream), timed
/// against the stall limit while it waits, and none reads far past the limit.
/// </summary>
internal sealed class LimitHandlerReadStream : ReadOnlyStream
{
    private readonly Stream _inner;
    [SuppressMessage("Usage", "CA2213", Justification = "The content owns this stream, not the other way round.")]
    private readonly LimitHandlerContent _owner;
    private long _read;

    public LimitHandlerReadStream(Stream inner, LimitHandlerContent owner)
    {
        _inner = inner;
        _owner = owner;
    }

    /// <summary>Tells the content that this stream is read item by item (see <see cref="LimitHandlerContent.ReadByItems"/>).</summary>
    /// <returns>The handler's limit, for each item.</returns>
    public long ReadByItems() => _owner.ReadByItems();

    public override int Read(Span<byte> buffer)
    {
        buffer = buffer[.._owner.Room(buffer.Length, _read)];
        int read;
        _owner.ReadStarting(CancellationToken.None);
        try
        {
            read = _inner.Read(buffer);
        }
        catch (Exception ex)
        {
            if (_owner.Failed(ex, CancellationToken.None) is { } stalled)
            {
                throw stalled;
            }

            throw;
        }
        finally
        {
            _owner.ReadEnded();
        }

        _owner.Count(ref _read, read, buffer.Length);
        return read;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        buffer = buffer[.._owner.Room(buffer.Length, _read)];
        int read;
        var token = _owner.ReadStarting(cancellationToken);
        try
        {
            read = await _inner.ReadAsync(buffer, token).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            if (_owner.Failed(ex, cancellationToken) is { } stalled)
            {
                throw stalled;
            }

            throw;
        }
        finally
        {
            _owner.ReadEnded();
        }

        _owner.Count(ref _read, read, buffer.Length);
        return read;
    }

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
