using System.Diagnostics;
using System.Text;
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
/// <see cref="ResponseSizeLimitHandler.StallTimeout"/> through real Refit clients over Kestrel: a body that stops
/// delivering ends at the limit (HttpClient.Timeout stops at the headers), buffered or streamed; a slow stream that keeps
/// delivering is not cut.
/// </summary>
public sealed class StallLimitTests
{
    private const int ItemsBeforeStall = 3;

    private static readonly TimeSpan s_stall = TimeSpan.FromMilliseconds(700);

    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(20);

    // Timers count whole milliseconds of a coarser clock than Stopwatch: one may fire a tick before the stopwatch says.
    private static readonly TimeSpan s_tick = TimeSpan.FromMilliseconds(20);

    public static TheoryData<ServerProtocol> Protocols => [ServerProtocol.Http1, ServerProtocol.Http2];

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task A_Stalled_Body_Read_As_A_Task_Ends_At_The_Stall_Limit(ServerProtocol protocol)
    {
        await using var server = await LoopbackServer.StartAsync(ServeAsync, protocol);
        var api = Client(server, s_stall);

        var clock = Stopwatch.StartNew();
        var ex = await Assert.ThrowsAsync<ApiException>(() => api.Get("stall").WaitAsync(s_bound));
        clock.Stop();

        var stalled = Assert.IsType<ResponseStalledException>(ex.InnerException);
        Assert.Equal((HttpRequestError.Unknown, s_stall), (stalled.HttpRequestError, stalled.StallTimeout));
        Assert.IsType<TimeoutException>(stalled.InnerException);
        Assert.Contains("delivered nothing for 0.7 s (ResponseSizeLimitHandler.StallTimeout)", stalled.Message, StringComparison.Ordinal);
        Assert.InRange(clock.Elapsed, s_stall - s_tick, s_bound);
    }

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task A_Stalled_Stream_Yields_What_Came_Then_Ends_At_The_Stall_Limit(ServerProtocol protocol)
    {
        await using var server = await LoopbackServer.StartAsync(ServeAsync, protocol);
        var api = Client(server, s_stall);
        var items = new List<Person?>();

        var clock = Stopwatch.StartNew();
        var ex = await Record.ExceptionAsync(async () =>
        {
            await foreach (var item in api.Stream("stall"))
            {
                items.Add(item);
            }
        }).WaitAsync(s_bound);
        clock.Stop();

        Assert.Equal(Enumerable.Range(0, ItemsBeforeStall).Select(Person), items);
        Assert.IsType<ResponseStalledException>(ex);
        Assert.InRange(clock.Elapsed, s_stall - s_tick, s_bound);
    }

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task A_Stream_Sending_An_Item_Every_Second_Is_Not_Cut_By_A_Limit_Of_Two_And_A_Half(ServerProtocol protocol)
    {
        await using var server = await LoopbackServer.StartAsync(ServeAsync, protocol);
        // Under the limit per read by 1.5 s (a loaded machine delays a read that much), over it in all (3 s).
        var api = Client(server, TimeSpan.FromSeconds(2.5));
        var items = new List<Person?>();

        await foreach (var item in api.Stream("slow").WithCancellation(CancellationToken.None))
        {
            items.Add(item);
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

    private static Person Person(int i) => new("person " + i, i);

    private static IStallApi Client(LoopbackServer server, TimeSpan stall) =>
        RestService.ForGenerated<IStallApi>(
            server.CreateClient(new ResponseSizeLimitHandler(16 * 1024 * 1024, new SocketsHttpHandler()) { StallTimeout = stall }),
            new RefitSettings { ContentSerializer = new StjContentSerializer() });

    private static async Task ServeAsync(HttpContext context)
    {
        var response = context.Response;
        response.ContentType = "application/json; charset=utf-8";
        var slow = context.Request.Path.Value == "/slow";
        await response.Body.WriteAsync("["u8.ToArray());
        for (var i = 0; i < ItemsBeforeStall; i++)
        {
            if (slow && i > 0)
            {
                // The behaviour under test: a server that keeps delivering, one item a second.
                await Task.Delay(TimeSpan.FromSeconds(1), context.RequestAborted);
            }

            var item = $$"""{{(i == 0 ? "" : ",")}}{"name":"person {{i}}","age":{{i}}}""";
            await response.Body.WriteAsync(Encoding.UTF8.GetBytes(item));
            await response.Body.FlushAsync();
        }

        if (slow)
        {
            await response.Body.WriteAsync("]"u8.ToArray());
            return;
        }

        // Stalls until the client gives up on the response.
        await Task.Delay(Timeout.Infinite, context.RequestAborted).ContinueWith(_ => { }, TaskScheduler.Default);
    }
}
