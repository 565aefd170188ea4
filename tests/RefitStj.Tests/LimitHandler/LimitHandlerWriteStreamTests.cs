using System.Net;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>
/// A pass over a limited body after its stream was opened has the inner content copy itself through the counted stream:
/// each write is counted before it reaches the destination (past the limit, or after the body failed, none does), the
/// stall limit times the inner content's waits between writes, and not the destination's time to take a write.
/// </summary>
public sealed class LimitHandlerWriteStreamTests
{
    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(30);

    private static readonly byte[] s_first = [.. Enumerable.Range(0, 100).Select(i => (byte)('a' + (i % 26)))];

    private static readonly byte[] s_second = [.. Enumerable.Range(0, 50).Select(i => (byte)('A' + (i % 26)))];

    public static TheoryData<bool> Synchronous => [false, true];

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task A_Later_Pass_Past_The_Limit_Fails_Before_A_Byte_Of_It_Reaches_The_Destination(bool sync)
    {
        using var content = Opened(LimitedContent.Over(new ByteArrayContent(new byte[2048]), limit: 1024), sync);
        var destination = new MemoryStream();

        var tooLarge = Assert.IsType<ResponseTooLargeException>(await CopyFailure(content, destination, sync));

        Assert.Equal((1024, 2048), (tooLarge.Limit, tooLarge.Size));
        Assert.Equal(0, destination.Length);
        Assert.Same(tooLarge, await CopyFailure(content, destination, sync));
    }

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task A_Later_Pass_Of_Exactly_The_Limit_Is_Copied_Whole(bool sync)
    {
        var body = Enumerable.Range(0, 1024).Select(i => (byte)i).ToArray();
        using var content = Opened(LimitedContent.Over(new ByteArrayContent(body), limit: 1024), sync);
        var destination = new MemoryStream();

        Assert.Null(await CopyFailure(content, destination, sync));

        Assert.Equal(body, destination.ToArray());
    }

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task A_Later_Pass_That_Stops_After_Some_Bytes_Ends_At_The_Stall_Limit_And_Not_Before(bool sync)
    {
        var clock = new WatchedClock();
        var inner = new TwoWriteContent(honoursCancellation: true);
        using var content = Opened(LimitedContent.Over(inner, limit: 1024, stall: s_stall, clock: clock), sync);
        var destination = new MemoryStream();

        var copy = Task.Run(() => CopyFailure(content, destination, sync));
        await inner.FirstWritten;
        clock.Advance(s_stall - TimeSpan.FromMilliseconds(1));
        Assert.False(clock.Fired, "the wait after a write was cut before the limit");
        clock.Advance(TimeSpan.FromMilliseconds(1));
        Assert.True(clock.Fired, "the wait after a write was not timed: the timer was not started again after it");

        var stalled = Assert.IsType<ResponseStalledException>(await copy);
        Assert.Equal(
            "The response body delivered nothing for 30 s (ResponseSizeLimitHandler.StallTimeout) after 100 bytes; the response was abandoned.",
            stalled.Message);
        Assert.Equal("No bytes of the response body arrived within 30 s.", Assert.IsType<TimeoutException>(stalled.InnerException).Message);
        Assert.Equal((HttpRequestError.Unknown, HttpStatusCode.OK, s_stall), (stalled.HttpRequestError, stalled.StatusCode, stalled.StallTimeout));
        Assert.Equal(s_first, destination.ToArray());
    }

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task Time_The_Destination_Takes_To_Accept_A_Write_Is_Not_A_Stall(bool sync)
    {
        var clock = new WatchedClock();
        using var content = Opened(LimitedContent.Over(new ByteArrayContent(s_first), limit: 1024, stall: s_stall, clock: clock), sync);
        using var destination = new BlockingWriteStream();

        var copy = Task.Run(() => CopyFailure(content, destination, sync));
        await destination.Entered;
        clock.Advance(10 * s_stall);
        Assert.False(clock.Fired, "the destination's time to take a write was counted as the body's stall");
        destination.Open();

        Assert.Null(await copy);
        Assert.Equal(s_first, destination.Written);
    }

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task A_Write_After_The_Body_Stalled_Never_Reaches_The_Destination(bool sync)
    {
        var clock = new WatchedClock();
        var inner = new TwoWriteContent(honoursCancellation: false);
        using var content = Opened(LimitedContent.Over(inner, limit: 1024, stall: s_stall, clock: clock), sync);
        var destination = new MemoryStream();

        var copy = Task.Run(() => CopyFailure(content, destination, sync));
        await inner.FirstWritten;
        clock.Advance(s_stall);
        Assert.True(inner.Disposed, "a stalled response was not ended");
        inner.Open();

        Assert.IsType<ResponseStalledException>(await copy);
        Assert.Equal(s_first, destination.ToArray());
    }

    [Theory]
    [InlineData(false, 1000)]
    [InlineData(true, 1000)]
    [InlineData(false, 0)]
    [InlineData(true, 0)]
    public async Task A_Later_Pass_That_Ends_Short_Of_Its_Framing_Is_A_Cut_Transfer(bool sync, int length)
    {
        var framing = new BodyFraming(2000, 2000, CheckEnd: true);
        using var content = Opened(
            new LimitHandlerContent(new ByteArrayContent(new byte[length]), 1024 * 1024, HttpStatusCode.OK, framing, Timeout.InfiniteTimeSpan, TimeProvider.System),
            sync);

        var failure = await CopyFailure(content, new MemoryStream(), sync);

        var cut = Assert.IsType<HttpIOException>(failure is HttpIOException ? failure : failure?.InnerException);
        Assert.Equal(HttpRequestError.ResponseEnded, cut.HttpRequestError);
        Assert.StartsWith(
            $"The response body ended after {length} bytes, before its Content-Length of 2000 bytes: the transfer was cut " +
            "(HTTP/2 and later; ResponseSizeLimitHandler checks what the transport does not).",
            cut.Message,
            StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Synchronous))]
    public async Task A_Later_Pass_That_Ends_At_Its_Framing_Is_Copied_Whole(bool sync)
    {
        var body = new byte[2000];
        var framing = new BodyFraming(2000, 2000, CheckEnd: true);
        using var content = Opened(
            new LimitHandlerContent(new ByteArrayContent(body), 1024 * 1024, HttpStatusCode.OK, framing, Timeout.InfiniteTimeSpan, TimeProvider.System),
            sync);
        var destination = new MemoryStream();

        Assert.Null(await CopyFailure(content, destination, sync));

        Assert.Equal(2000, destination.Length);
    }

    // The first pass opens the body's stream and reads none of it: every copy after it is a later pass.
    private static LimitHandlerContent Opened(LimitHandlerContent content, bool sync)
    {
        _ = sync ? content.ReadAsStream() : content.ReadAsStreamAsync().GetAwaiter().GetResult();
        return content;
    }

    private static async Task<Exception?> CopyFailure(HttpContent content, Stream destination, bool sync) => sync
        ? Record.Exception(() => content.CopyTo(destination, null, CancellationToken.None))
        : await Record.ExceptionAsync(() => content.CopyToAsync(destination));

    /// <summary>
    /// An inner content that copies itself in two writes, the second when the test opens it: waiting for that with the
    /// copy's token, as a transport's read does, or deaf to it, as a content that ignores cancellation is.
    /// </summary>
    private sealed class TwoWriteContent(bool honoursCancellation) : HttpContent
    {
        private readonly TaskCompletionSource _firstWritten = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public Task FirstWritten => _firstWritten.Task;

        public bool Disposed { get; private set; }

        public void Open() => _gate.TrySetResult();

        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
        {
            await stream.WriteAsync(s_first, cancellationToken);
            _firstWritten.TrySetResult();
            await (honoursCancellation ? _gate.Task.WaitAsync(cancellationToken) : _gate.Task);
            await stream.WriteAsync(s_second, cancellationToken);
        }

        protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken)
        {
            stream.Write(s_first);
            _firstWritten.TrySetResult();
            (honoursCancellation ? _gate.Task.WaitAsync(cancellationToken) : _gate.Task).GetAwaiter().GetResult();
            stream.Write(s_second);
        }

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
            SerializeToStreamAsync(stream, context, CancellationToken.None);

        // Opened by the first pass and never read from.
        protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult(Stream.Null);

        protected override Stream CreateContentReadStream(CancellationToken cancellationToken) => Stream.Null;

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }
    }

    /// <summary>A destination whose first write, synchronous or not, waits until the test opens it (a slow reader downstream).</summary>
    private sealed class BlockingWriteStream : WriteOnlyTestStream
    {
        private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private readonly ManualResetEventSlim _gate = new();

        public Task Entered => _entered.Task;

        public void Open() => _gate.Set();

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            _entered.TrySetResult();
            _gate.Wait();
            Keep(buffer);
        }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Write(buffer.Span);
            return ValueTask.CompletedTask;
        }

        protected override void Dispose(bool disposing)
        {
            _gate.Dispose();
            base.Dispose(disposing);
        }
    }
}
