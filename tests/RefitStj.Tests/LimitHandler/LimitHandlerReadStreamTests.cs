using System.Net;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>
/// How a limited body's reads end: past the limit having read at most one byte past it, whoever reads it; at the end of
/// a framed body (a zero-byte read is not the end); after a wait past the stall limit, named a stall, with the bytes that
/// came (the caller's own cancellation is not one); a disposed body leaves no timer behind; and the stream over the body
/// owns the body's stream: disposing it closes the body, as HttpContent's own streams do.
/// </summary>
public sealed class LimitHandlerReadStreamTests
{
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(30);
    private static readonly byte[] s_body = Enumerable.Range(0, 16 * 1024).Select(i => (byte)i).ToArray();

    public static TheoryData<string> Readers => ["CopyToAsync", "CopyTo", "LoadIntoBufferAsync", "ReadAsStreamAsync"];

    [Fact]
    public void Dispose_Closes_The_Body_Under_It()
    {
        var body = new DisposalTrackingStream();
        using var content = LimitedContent.Over(new StringContent("[]"), limit: 1024);

        new LimitHandlerReadStream(body, content).Dispose();

        Assert.True(body.Disposed);
        Assert.False(body.DisposedAsynchronously);
    }

    [Fact]
    public async Task DisposeAsync_Closes_The_Body_Asynchronously()
    {
        var body = new DisposalTrackingStream();
        using var content = LimitedContent.Over(new StringContent("[]"), limit: 1024);

        await new LimitHandlerReadStream(body, content).DisposeAsync();

        Assert.True(body.DisposedAsynchronously);
    }

    [Fact]
    public async Task DisposeAsync_Posts_Nothing_To_The_Callers_Context()
    {
        var body = new DisposalTrackingStream(yieldOnDispose: true);
        using var content = LimitedContent.Over(new StringContent("[]"), limit: 1024);
        var context = new PostCountingContext();
        var disposal = Task.CompletedTask;

        context.Run(() => disposal = new LimitHandlerReadStream(body, content).DisposeAsync().AsTask());
        await disposal;

        Assert.True(body.DisposedAsynchronously);
        Assert.Equal(0, context.Posts);
    }

    [Fact]
    public async Task A_Stream_Read_By_Items_Is_Not_Cut_At_The_Body_Limit()
    {
        var data = new byte[4096];
        using var content = LimitedContent.Over(new ByteArrayContent(data), limit: 1024);
        var stream = new LimitHandlerReadStream(new MemoryStream(data), content);

        Assert.Equal(1024, stream.ReadByItems());

        // One read takes all the buffer holds: the body's limit no longer shortens reads.
        Assert.Equal(data.Length, await stream.ReadAsync(new byte[data.Length]));
        Assert.Equal(0, await stream.ReadAsync(new byte[data.Length]));
    }

    [Theory]
    [MemberData(nameof(Readers))]
    public async Task A_Body_Past_The_Limit_Is_Read_At_Most_One_Byte_Past_It_Whoever_Reads_It(string reader)
    {
        var source = new CountingStream(new byte[1024 * 1024]);
        using var content = LimitedContent.Over(new StreamContent(source), limit: 1024);

        var failure = reader switch
        {
            "CopyToAsync" => await Record.ExceptionAsync(() => content.CopyToAsync(Stream.Null)),
            "CopyTo" => Record.Exception(() => content.CopyTo(Stream.Null, null, CancellationToken.None)),
            "LoadIntoBufferAsync" => await Record.ExceptionAsync(() => content.LoadIntoBufferAsync()),
            _ => await Record.ExceptionAsync(async () => await (await content.ReadAsStreamAsync()).CopyToAsync(Stream.Null)),
        };

        var tooLarge = Assert.IsType<ResponseTooLargeException>(failure);
        Assert.Equal((1024, 1025), (tooLarge.Limit, tooLarge.Size));
        Assert.Equal(1025, source.BytesRead);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_Body_Checked_At_The_End_That_Ends_At_Its_Length_Reads_Whole(bool buffered)
    {
        using var content = new LimitHandlerContent(
            new StreamContent(new TrickleStream(s_body, chunk: 64)), 16 * 1024 * 1024, HttpStatusCode.OK,
            new BodyFraming(s_body.Length, s_body.Length, CheckEnd: true), Timeout.InfiniteTimeSpan, TimeProvider.System);

        if (buffered)
        {
            await content.LoadIntoBufferAsync();
            Assert.Equal(s_body, await content.ReadAsByteArrayAsync());
            return;
        }

        var stream = await content.ReadAsStreamAsync();
        Assert.Equal(0, await stream.ReadAsync(Memory<byte>.Empty));
        var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        Assert.Equal(s_body, copy.ToArray());
    }

    [Fact]
    public async Task A_Read_That_Waits_Past_The_Stall_Limit_Is_A_Stall_After_The_Bytes_That_Came()
    {
        var clock = new WatchedClock();
        using var content = LimitedContent.Over(new StreamContent(new StallsAfter(s_body[..100])), limit: 1024 * 1024, stall: s_stall, clock: clock);
        var stream = await content.ReadAsStreamAsync();
        var buffer = new byte[4096];
        Assert.Equal(100, await stream.ReadAsync(buffer));

        var next = stream.ReadAsync(buffer).AsTask();
        clock.Advance(s_stall);

        var stalled = await Assert.ThrowsAsync<ResponseStalledException>(() => next);
        Assert.Contains("for 30 s (ResponseSizeLimitHandler.StallTimeout) after 100 bytes;", stalled.Message, StringComparison.Ordinal);
        Assert.Same(stalled, await Assert.ThrowsAsync<ResponseStalledException>(() => stream.ReadAsync(buffer).AsTask()));
    }

    [Fact]
    public async Task The_Callers_Cancellation_Of_A_Read_Is_Kept_As_Such_Not_Named_A_Stall()
    {
        var clock = new WatchedClock();
        using var content = LimitedContent.Over(new StreamContent(new StallsAfter([])), limit: 1024 * 1024, stall: s_stall, clock: clock);
        var stream = await content.ReadAsStreamAsync();
        using var caller = new CancellationTokenSource();

        var read = stream.ReadAsync(new byte[64], caller.Token).AsTask();
        await caller.CancelAsync();

        var cancelled = await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
        clock.Advance(10 * s_stall);
        Assert.False(clock.Fired, "a read that ended still ran the stall limit's time");
        Assert.Same(cancelled, await Assert.ThrowsAnyAsync<OperationCanceledException>(() => stream.ReadAsync(new byte[64]).AsTask()));
    }

    [Fact]
    public async Task A_Disposed_Body_Leaves_No_Timer_Behind()
    {
        var clock = new WatchedClock();
        var content = LimitedContent.Over(new ByteArrayContent(s_body), limit: 1024 * 1024, stall: s_stall, clock: clock);
        Assert.Equal(s_body, await content.ReadAsByteArrayAsync());
        Assert.Equal(1, clock.LiveTimers);

        content.Dispose();

        Assert.Equal(0, clock.LiveTimers);
    }

    private sealed class DisposalTrackingStream(bool yieldOnDispose = false) : ReadOnlyTestStream
    {
        public bool Disposed { get; private set; }

        public bool DisposedAsynchronously { get; private set; }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) => ValueTask.FromResult(0);

        public override async ValueTask DisposeAsync()
        {
            if (yieldOnDispose)
            {
                // Completes on the thread pool, so the caller's continuation is posted unless it asked not to be.
                await Task.Delay(1).ConfigureAwait(false);
            }

            DisposedAsynchronously = true;
            await base.DisposeAsync().ConfigureAwait(false);
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }
    }

    /// <summary>A body that gives <paramref name="data"/> at once, then waits for bytes that never come, as a stalled socket does.</summary>
    private sealed class StallsAfter(byte[] data) : ReadOnlyTestStream
    {
        private int _position;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (_position < data.Length)
            {
                var count = Math.Min(buffer.Length, data.Length - _position);
                data.AsSpan(_position, count).CopyTo(buffer.Span);
                _position += count;
                return count;
            }

            await Task.Delay(Timeout.Infinite, cancellationToken);
            return 0;
        }
    }

    /// <summary>A body in memory that counts the bytes read from it, by every kind of read.</summary>
    private sealed class CountingStream(byte[] data) : MemoryStream(data)
    {
        public long BytesRead { get; private set; }

        // A type derived from MemoryStream has its span and asynchronous reads, and its copies, come here.
        public override int Read(byte[] buffer, int offset, int count)
        {
            var read = base.Read(buffer, offset, count);
            BytesRead += read;
            return read;
        }
    }
}
