using System.Text;
using System.Threading.Channels;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

public interface IStallApi
{
    [Get("/{path}")]
    Task<List<Person>?> Get(string path);

    [Get("/{path}")]
    IAsyncEnumerable<Person?> Stream(string path);
}

/// <summary>
/// <see cref="ResponseSizeLimitHandler.StallTimeout"/> through real Refit clients over Kestrel, on a fake clock
/// (<see cref="ResponseSizeLimitHandler.TimeProvider"/>): a body that stops delivering ends at the limit (HttpClient.Timeout
/// stops at the headers), buffered or streamed; a body that keeps delivering is not cut however long it runs, and the
/// caller's time between reads does not count. The server sends each piece when the test says so, and the test moves
/// the clock only once a read waits: no test waits on real time, so none depends on how loaded the machine is.
/// </summary>
public sealed class StallLimitTests
{
    private const int ItemsBeforeStall = 3;

    // Only a hang runs into it: every wait in these tests is on the fake clock or on a signal.
    private const int Hang = 30_000;

    private static readonly TimeSpan s_stall = TimeSpan.FromSeconds(30);

    // The longest wait the limit lets through: CancelAfter counts whole milliseconds.
    private static readonly TimeSpan s_justUnder = s_stall - TimeSpan.FromMilliseconds(1);

    public static TheoryData<ServerProtocol> Protocols => [ServerProtocol.Http1, ServerProtocol.Http2];

    [Theory(Timeout = Hang)]
    [MemberData(nameof(Protocols))]
    public async Task A_Stalled_Body_Read_As_A_Task_Ends_At_The_Stall_Limit(ServerProtocol protocol)
    {
        var clock = new WatchedClock();
        var feed = new Feed([Opening(ItemsBeforeStall)], ends: false);
        await using var server = await LoopbackServer.StartAsync(feed.ServeAsync, protocol);

        var call = Client(server, clock).Get("stall");
        await feed.AllSent;
        await clock.AdvanceUntilFiredAsync(s_stall);
        var ex = await Assert.ThrowsAsync<ApiException>(() => call);

        var stalled = Assert.IsType<ResponseStalledException>(ex.InnerException);
        Assert.Equal((HttpRequestError.Unknown, s_stall), (stalled.HttpRequestError, stalled.StallTimeout));
        Assert.IsType<TimeoutException>(stalled.InnerException);
        Assert.Contains("delivered nothing for 30 s (ResponseSizeLimitHandler.StallTimeout)", stalled.Message, StringComparison.Ordinal);
    }

    [Theory(Timeout = Hang)]
    [MemberData(nameof(Protocols))]
    public async Task A_Stalled_Stream_Yields_What_Came_Then_Ends_At_The_Stall_Limit_And_Not_Before(ServerProtocol protocol)
    {
        var clock = new WatchedClock();
        var feed = new Feed([Opening(ItemsBeforeStall)], ends: false);
        await using var server = await LoopbackServer.StartAsync(feed.ServeAsync, protocol);
        var items = new List<Person?>();

        var stream = Client(server, clock).Stream("stall").GetAsyncEnumerator();
        Task<bool>? next = null;
        Exception? ex;
        try
        {
            for (var i = 0; i < ItemsBeforeStall; i++)
            {
                Assert.True(await stream.MoveNextAsync());
                items.Add(stream.Current);
            }

            // Every byte sent is with the caller: the read the next item starts is the one that stalls.
            var arms = clock.Arms;
            next = stream.MoveNextAsync().AsTask();
            await clock.ArmedAfterAsync(arms);
            clock.Advance(s_justUnder);
            await AssertNotCutAsync(clock, next, "the stall limit fired a millisecond before the limit");
            clock.Advance(TimeSpan.FromMilliseconds(1));
            Assert.True(clock.Fired, "the stall limit did not fire at the limit");
            ex = await Record.ExceptionAsync(() => next);
        }
        finally
        {
            // Not under a pending read: disposing then would throw in place of the failure that left it pending.
            if (next is null || next.IsCompleted)
            {
                await stream.DisposeAsync();
            }
        }

        Assert.Equal(Enumerable.Range(0, ItemsBeforeStall).Select(Person), items);
        var stalled = Assert.IsType<ResponseStalledException>(ex);
        Assert.Equal(s_stall, stalled.StallTimeout);
    }

    [Theory(Timeout = Hang)]
    [MemberData(nameof(Protocols))]
    public async Task A_Stream_That_Keeps_Delivering_Is_Never_Cut_However_Long_It_Runs(ServerProtocol protocol)
    {
        var clock = new WatchedClock();
        var feed = new Feed(Pieces(10), ends: true);
        await using var server = await LoopbackServer.StartAsync(feed.ServeAsync, protocol);
        var items = new List<Person?>();

        await using var stream = Client(server, clock).Stream("slow").GetAsyncEnumerator();
        Assert.True(await stream.MoveNextAsync());
        items.Add(stream.Current);
        var ended = false;
        for (var sent = 1; sent < feed.Count; sent++)
        {
            // The caller asks for the next item at once. Its read waits for a piece not sent yet, and began after the last
            // advance: the read before it took its piece only after that advance.
            var next = stream.MoveNextAsync().AsTask();
            if (await Task.WhenAny(clock.ArmedAsync(), next) == next)
            {
                Assert.Fail($"the stream {(await next ? "yielded" : "ended")} before piece {sent} of {feed.Count} was sent");
            }

            clock.Advance(s_justUnder);
            await AssertNotCutAsync(clock, next, $"a stream that delivered within each limit was cut after {sent} of {feed.Count} pieces");
            feed.Send();
            if (await next)
            {
                items.Add(stream.Current);
            }
            else
            {
                ended = true;
            }
        }

        Assert.True(ended, "the stream did not end at its ']'");
        Assert.Equal(Enumerable.Range(0, 10).Select(Person), items);
        Assert.True(clock.GetUtcNow() - clock.Start >= 10 * s_justUnder, $"only {clock.GetUtcNow() - clock.Start} passed");
    }

    [Theory(Timeout = Hang)]
    [MemberData(nameof(Protocols))]
    public async Task A_Body_Read_As_A_Task_That_Keeps_Delivering_Is_Never_Cut_However_Long_It_Runs(ServerProtocol protocol)
    {
        var clock = new WatchedClock();
        var feed = new Feed(Pieces(10), ends: true);
        await using var server = await LoopbackServer.StartAsync(feed.ServeAsync, protocol);

        var read = Client(server, clock).Get("slow");
        await DeliverEachJustUnderTheLimitAsync(feed, clock, read);

        Assert.Equal(Enumerable.Range(0, 10).Select(Person), await read);
        Assert.True(clock.GetUtcNow() - clock.Start >= 10 * s_justUnder, $"only {clock.GetUtcNow() - clock.Start} passed");
    }

    [Theory(Timeout = Hang)]
    [MemberData(nameof(Protocols))]
    public async Task Time_The_Caller_Spends_Between_Reads_Does_Not_Count(ServerProtocol protocol)
    {
        var clock = new WatchedClock();
        var feed = new Feed([Opening(1), Rest(1, ItemsBeforeStall) + "]"], ends: true);
        await using var server = await LoopbackServer.StartAsync(feed.ServeAsync, protocol);
        var items = new List<Person?>();

        await using var stream = Client(server, clock).Stream("between").GetAsyncEnumerator();
        Assert.True(await stream.MoveNextAsync());
        items.Add(stream.Current);

        // The caller holds the first item for ten limits: no read waits meanwhile, so the limit does not run.
        clock.Advance(10 * s_stall);
        Assert.False(clock.Fired, "the time the caller held an item counted against the stall limit");
        feed.Send();
        while (await stream.MoveNextAsync())
        {
            items.Add(stream.Current);
        }

        Assert.Equal(Enumerable.Range(0, ItemsBeforeStall).Select(Person), items);
    }

    [Fact]
    public void The_Documented_Handler_Sets_The_Limits_It_Shows()
    {
        #region snippet: limits-stall
        var handler = new ResponseSizeLimitHandler(10 * 1024 * 1024, new SocketsHttpHandler()) { StallTimeout = TimeSpan.FromSeconds(30) };
        #endregion

        using (handler)
        {
            Assert.Equal((10 * 1024 * 1024L, TimeSpan.FromSeconds(30)), (handler.MaxResponseBodySize, handler.StallTimeout));
        }
    }

    [Fact]
    public void The_Limit_Is_Positive_Or_Infinite()
    {
        Assert.Equal(Timeout.InfiniteTimeSpan, new ResponseSizeLimitHandler(1).StallTimeout);
        Assert.Equal(Timeout.InfiniteTimeSpan, new ResponseSizeLimitHandler(1) { StallTimeout = Timeout.InfiniteTimeSpan }.StallTimeout);
        Assert.Throws<ArgumentOutOfRangeException>(() => new ResponseSizeLimitHandler(1) { StallTimeout = TimeSpan.Zero });
        Assert.Throws<ArgumentOutOfRangeException>(() => new ResponseSizeLimitHandler(1) { StallTimeout = TimeSpan.FromMilliseconds(-2) });
        Assert.Throws<ArgumentOutOfRangeException>(() => new ResponseSizeLimitHandler(1) { StallTimeout = TimeSpan.FromDays(30) });
    }

    [Fact]
    public void The_Limit_Runs_On_The_System_Clock_Unless_Given_Another()
    {
        var clock = new WatchedClock();

        Assert.Same(TimeProvider.System, new ResponseSizeLimitHandler(1).TimeProvider);
        Assert.Same(clock, new ResponseSizeLimitHandler(1) { TimeProvider = clock }.TimeProvider);
        Assert.Throws<ArgumentNullException>(() => new ResponseSizeLimitHandler(1) { TimeProvider = null! });
    }

    /// <summary>
    /// Sends the feed's pieces after the first one at a time, each once a read waits for it and the clock has moved a
    /// millisecond short of the limit: every wait is as long as the limit lets through, and they add up to many limits.
    /// </summary>
    private static async Task DeliverEachJustUnderTheLimitAsync(Feed feed, WatchedClock clock, Task read)
    {
        // An arming counted after the look at Arms took its due time after the last advance: each read waits at most one.
        var arms = 0;
        for (var sent = 1; sent < feed.Count; sent++)
        {
            var armed = clock.ArmedAfterAsync(arms);
            if (await Task.WhenAny(armed, read) == read)
            {
                // Ended before the body did: its own failure says why.
                await read;
                Assert.Fail($"the read ended after {sent} of {feed.Count} pieces");
            }

            await armed;
            clock.Advance(s_justUnder);
            await AssertNotCutAsync(clock, read, $"a body that delivered within each limit was cut after {sent} of {feed.Count} pieces");
            arms = clock.Arms;
            feed.Send();
        }
    }

    /// <summary>
    /// Asserts the clock's advance fired no stall timer. If it did, the pending read is awaited first: its failure goes
    /// into the message, and the stream is not disposed under a read (which would throw instead of the assertion).
    /// </summary>
    private static async Task AssertNotCutAsync(WatchedClock clock, Task pending, string message)
    {
        if (clock.Fired)
        {
            var failure = await Record.ExceptionAsync(() => pending);
            Assert.Fail($"{message} ({failure?.GetType().Name ?? "no failure yet"})");
        }
    }

    private static Person Person(int i) => new("person " + i, i);

    private static string Item(int i) => $$"""{{(i == 0 ? "" : ",")}}{"name":"person {{i}}","age":{{i}}}""";

    private static string Opening(int items) => "[" + Rest(0, items);

    private static string Rest(int from, int to) => string.Concat(Enumerable.Range(from, to - from).Select(Item));

    // "[" and the first item, then one piece an item, then "]".
    private static string[] Pieces(int items) => [Opening(1), .. Enumerable.Range(1, items - 1).Select(Item), "]"];

    private static IStallApi Client(LoopbackServer server, TimeProvider clock) =>
        RestService.ForGenerated<IStallApi>(
            server.CreateClient(new ResponseSizeLimitHandler(16 * 1024 * 1024, new SocketsHttpHandler()) { StallTimeout = s_stall, TimeProvider = clock }),
            new RefitSettings { ContentSerializer = new StjContentSerializer() });

    /// <summary>
    /// The server's side of one body: the first piece goes out at once, each next one when the test calls
    /// <see cref="Send"/>. Once all are out, a body that does not end waits, sending nothing, until the client gives up.
    /// </summary>
    private sealed class Feed(string[] pieces, bool ends)
    {
        private readonly Channel<bool> _next = Channel.CreateUnbounded<bool>();
        private readonly TaskCompletionSource _allSent = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public int Count => pieces.Length;

        /// <summary>Completes once every piece is written and flushed.</summary>
        public Task AllSent => _allSent.Task;

        public void Send() => _next.Writer.TryWrite(true);

        public async Task ServeAsync(HttpContext context)
        {
            var response = context.Response;
            response.ContentType = "application/json; charset=utf-8";
            try
            {
                for (var i = 0; i < pieces.Length; i++)
                {
                    if (i > 0)
                    {
                        await _next.Reader.ReadAsync(context.RequestAborted);
                    }

                    await response.Body.WriteAsync(Encoding.UTF8.GetBytes(pieces[i]), context.RequestAborted);
                    await response.Body.FlushAsync(context.RequestAborted);
                }

                _allSent.SetResult();
                if (!ends)
                {
                    // The stall: no signal comes; the client abandoning the response aborts the wait.
                    await _next.Reader.ReadAsync(context.RequestAborted);
                }
            }
            catch (OperationCanceledException) when (context.RequestAborted.IsCancellationRequested)
            {
                // The client gave up on the response: nothing is left to send.
            }
        }
    }
}
