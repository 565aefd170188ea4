namespace RefitStj.Tests.Support;

/// <summary>
/// A synchronization context, like a UI thread's, that counts the continuations posted to it and runs them on the
/// thread pool. A library await without ConfigureAwait(false) shows up here as a post, and in an app that blocks on
/// the task from its UI thread, as a deadlock.
/// </summary>
internal sealed class PostCountingContext : SynchronizationContext
{
    private int _posts;

    public int Posts => Volatile.Read(ref _posts);

    public override void Post(SendOrPostCallback d, object? state)
    {
        Interlocked.Increment(ref _posts);
        ThreadPool.QueueUserWorkItem(_ =>
        {
            SetSynchronizationContext(this);
            d(state);
        });
    }

    /// <summary>Runs <paramref name="action"/> on the calling thread with this context current, as a UI event handler would.</summary>
    public void Run(Action action)
    {
        var previous = Current;
        SetSynchronizationContext(this);
        try
        {
            action();
        }
        finally
        {
            SetSynchronizationContext(previous);
        }
    }
}

/// <summary>
/// A read-only stream whose reads, a chunk at a time, complete on the thread pool, never on the caller's context; the
/// first <c>syncBytes</c> bytes are handed out at once instead, so a reader reaches a later await still on the caller's thread.
/// With <c>closeLater</c>, <see cref="DisposeAsync"/> completes on the thread pool too.
/// </summary>
internal sealed class ThreadPoolStream(byte[] data, int chunk, int syncBytes = 0, bool closeLater = false) : ReadOnlyTestStream
{
    private int _position;

    public override ValueTask DisposeAsync() => closeLater ? new(Task.Run(Dispose)) : base.DisposeAsync();

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        _position < syncBytes
            ? ValueTask.FromResult(Take(buffer.Span, syncBytes))
            : new(Task.Run(() => Take(buffer.Span, data.Length), cancellationToken));

    private int Take(Span<byte> buffer, int end)
    {
        var count = Math.Min(Math.Min(chunk, buffer.Length), Math.Min(end, data.Length) - _position);
        data.AsSpan(_position, count).CopyTo(buffer);
        _position += count;
        return count;
    }
}

/// <summary>A write-only sink whose writes complete on the thread pool.</summary>
internal sealed class ThreadPoolSink : MemoryStream
{
    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default) =>
        new(Task.Run(() => Write(buffer.Span), cancellationToken));

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
}
