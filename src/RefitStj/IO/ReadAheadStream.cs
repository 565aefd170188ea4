using System.Runtime.CompilerServices;

namespace RefitStj.IO;

/// <summary>
/// A read-only view of a stream that reads it a pooled chunk at a time, so a reader that asks for little at once (a
/// transcoding stream asks for 4 KiB) waits on the inner stream once a chunk, with one async state machine a chunk
/// rather than one per small read. Dispose it to give the chunk back to the pool.
/// </summary>
internal sealed class ReadAheadStream(Stream inner, int chunkSize) : ReadOnlyStream
{
    private byte[]? _chunk;
    private int _start;
    private int _end;

    /// <summary>The bytes handed out so far.</summary>
    public long Consumed { get; private set; }

    /// <summary>Whether the inner stream has ended (a read of it returned 0).</summary>
    public bool Ended { get; private set; }

    public override int Read(Span<byte> buffer)
    {
        if (_start == _end)
        {
            _chunk ??= BufferPool.Rent(chunkSize);
            (_start, _end) = (0, inner.Read(_chunk, 0, chunkSize));
            Ended |= _end == 0;
        }

        return Take(buffer);
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        _start < _end || buffer.IsEmpty ? ValueTask.FromResult(Take(buffer.Span)) : FillAndTakeAsync(buffer, cancellationToken);

    protected override void Dispose(bool disposing)
    {
        // Called once the reader is done with this stream: nothing reads the chunk any more.
        if (_chunk is { } chunk)
        {
            _chunk = null;
            _start = _end = 0;
            BufferPool.Return(chunk);
        }

        base.Dispose(disposing);
    }

    // One fill at a time per stream: a pooled box spares one allocation per chunk awaited (each segment of a trickling body).
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<int> FillAndTakeAsync(Memory<byte> buffer, CancellationToken cancellationToken)
    {
        _chunk ??= BufferPool.Rent(chunkSize);
        (_start, _end) = (0, await inner.ReadAsync(_chunk.AsMemory(0, chunkSize), cancellationToken).ConfigureAwait(false));
        Ended |= _end == 0;
        return Take(buffer.Span);
    }

    private int Take(Span<byte> buffer)
    {
        var count = Math.Min(buffer.Length, _end - _start);
        _chunk.AsSpan(_start, count).CopyTo(buffer);
        _start += count;
        Consumed += count;
        return count;
    }
}
