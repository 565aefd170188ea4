using System.Net.ServerSentEvents;
using System.Text;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Server-sent event streams as chat and model APIs send them, through Refit clients over Kestrel on loopback, with the
/// reflection-based defaults and with a source-generated context.
/// </summary>
public sealed class ServerSentEventTests
{
    private const string Chat =
        ": keep-alive\r\n\r\n" +
        "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\"},\"finish_reason\":null}]}\r\n\r\n" +
        ": keep-alive\r\n\r\n" +
        "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},\"finish_reason\":null}]}\r\n\r\n" +
        "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\r\n\r\n" +
        "data: [DONE]\r\n\r\n";

    private const string Messages =
        "event: message_start\ndata: {\"type\":\"message_start\"}\n\n" +
        "event: ping\ndata: {\"type\": \"ping\"}\n\n" +
        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hi\"}}\n\n" +
        "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\" there\"}}\n\n" +
        "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";

    public static TheoryData<bool, ServerProtocol> Ways => new()
    {
        { false, ServerProtocol.Http1 },
        { true, ServerProtocol.Http1 },
        { false, ServerProtocol.Http2 },
        { true, ServerProtocol.Http2 },
    };

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task OpenAI_Style_Chat_Stream_Ends_Normally_At_Done(bool context, ServerProtocol protocol)
    {
        await using var server = await Serve(protocol, Chat, holdOpen: true);
        var chunks = new List<ChatChunk>();

        await foreach (var chunk in Client(server, context).Chat(Timeout()))
        {
            chunks.Add(chunk);
        }

        Assert.Equal("Hello", string.Concat(chunks.Select(c => c.Choices[0].Delta.Content)));
        Assert.Equal([null, null, "stop"], chunks.Select(c => c.Choices[0].FinishReason));
    }

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Named_Events_Keep_Their_Type(bool context, ServerProtocol protocol)
    {
        await using var server = await Serve(protocol, Messages);
        var events = new List<SseItem<MessageEvent>>();

        await foreach (var item in Client(server, context).Messages(Timeout()))
        {
            events.Add(item);
        }

        Assert.Equal(["message_start", "ping", "content_block_delta", "content_block_delta", "message_stop"], events.Select(e => e.EventType));
        Assert.Equal(events.Select(e => e.EventType), events.Select(e => e.Data.Type));
        Assert.Equal("Hi there", string.Concat(events.Select(e => e.Data.Delta?.Text)));
    }

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Ids_And_Retry_Reach_The_Caller(bool context, ServerProtocol protocol)
    {
        var body = "id: 41\nretry: 3000\ndata: {\"id\":1}\n\nid: 42\ndata: {\"id\":2}\n\ndata: {\"id\":3}\n\n";
        await using var server = await Serve(protocol, body);

        var items = await All(Client(server, context).TickEvents);

        Assert.Equal([("41", TimeSpan.FromSeconds(3)), ("42", null), (null, null)], items.Select(i => (i.EventId, i.ReconnectionInterval)));
        Assert.Equal([1, 2, 3], items.Select(i => i.Data.Id));
    }

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Multi_Line_Data_Is_One_Value_And_An_Empty_Event_Is_Skipped_Or_Kept_By_Declaration(bool context, ServerProtocol protocol)
    {
        var body = "data: {\"id\":1,\ndata: \"name\":\"two lines\"}\n\nevent: heartbeat\ndata:\n\ndata: {\"id\":2}\n\n";
        await using var server = await Serve(protocol, body);
        var api = Client(server, context);

        var ticks = await All(api.Ticks);
        var items = await All(api.TickEvents);

        Assert.Equal([new Tick(1, "two lines"), new Tick(2, null)], ticks);
        Assert.Equal([("message", new Tick(1, "two lines")), ("heartbeat", null), ("message", new Tick(2, null))], items.Select(i => (i.EventType, (Tick?)i.Data)));
    }

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Nothing_After_Done_Is_Yielded_And_The_Response_Is_Let_Go(bool context, ServerProtocol protocol)
    {
        var body = "data: {\"id\":1}\n\ndata: [DONE]\n\ndata: {\"id\":2}\n\ndata: not json\n\n";
        using var released = new SemaphoreSlim(0);
        await using var server = await Serve(protocol, body, holdOpen: true, released: released);
        var api = Client(server, context);

        var ticks = await All(api.Ticks);
        var items = await All(api.TickEvents);

        Assert.Equal([new Tick(1, null)], ticks);
        Assert.Equal([new Tick(1, null)], items.Select(i => i.Data));
        Assert.True(await released.WaitAsync(TimeSpan.FromSeconds(10)), "the first response was not let go");
        Assert.True(await released.WaitAsync(TimeSpan.FromSeconds(10)), "the second response was not let go");
    }

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Each_Event_Arrives_Before_The_Next_Is_Sent(bool context, ServerProtocol protocol)
    {
        foreach (var asItems in new[] { false, true })
        {
            var received = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            await using var server = await LoopbackServer.StartAsync(async http =>
            {
                await Start(http);
                await Send(http, "data: {\"id\":1}\n\n");
                await received.Task.WaitAsync(TimeSpan.FromSeconds(10), http.RequestAborted);
                await Send(http, "data: {\"id\":2}\n\ndata: [DONE]\n\n");
            }, protocol);
            var api = Client(server, context);
            await using var ids = Ids(api, asItems).GetAsyncEnumerator();

            Assert.True(await ids.MoveNextAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
            Assert.Equal(1, ids.Current);
            received.SetResult();
            Assert.True(await ids.MoveNextAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
            Assert.Equal(2, ids.Current);
            Assert.False(await ids.MoveNextAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
        }
    }

    private static IEventStreamApi Client(LoopbackServer server, bool context)
    {
        // No drain on HTTP/1.1: a response let go before its end closes the connection at once, as a server sees it.
        var http = server.CreateClient(new SocketsHttpHandler { MaxResponseDrainSize = 0 });
        return context
            ? RestService.ForGenerated<IEventStreamApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(EventStreamContext.Default) })
            : RestService.ForGenerated<IEventStreamApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() });
    }

    /// <summary>
    /// Serves <paramref name="body"/> in two writes split mid-event; with <paramref name="holdOpen"/> the response then
    /// stays open until the client lets it go (or 10 s pass), which <paramref name="released"/> reports.
    /// </summary>
    private static Task<LoopbackServer> Serve(ServerProtocol protocol, string body, bool holdOpen = false, SemaphoreSlim? released = null) =>
        LoopbackServer.StartAsync(async http =>
        {
            await Start(http);
            var half = body.Length / 2;
            await Send(http, body[..half]);
            await Send(http, body[half..]);
            if (holdOpen)
            {
                try
                {
                    await Task.Delay(TimeSpan.FromSeconds(10), http.RequestAborted);
                }
                catch (OperationCanceledException)
                {
                    released?.Release();
                }
            }
        }, protocol);

    private static async Task Start(HttpContext http)
    {
        http.Response.ContentType = "text/event-stream";
        await http.Response.StartAsync(http.RequestAborted);
    }

    private static async Task Send(HttpContext http, string text)
    {
        await http.Response.Body.WriteAsync(Encoding.UTF8.GetBytes(text), http.RequestAborted);
        await http.Response.Body.FlushAsync(http.RequestAborted);
    }

    private static async Task<List<T>> All<T>(Func<CancellationToken, IAsyncEnumerable<T>> call)
    {
        var all = new List<T>();
        await foreach (var item in call(Timeout()))
        {
            all.Add(item);
        }

        return all;
    }

    private static async IAsyncEnumerable<int> Ids(IEventStreamApi api, bool asItems)
    {
        if (asItems)
        {
            await foreach (var item in api.TickEvents(Timeout()))
            {
                yield return item.Data.Id;
            }
        }
        else
        {
            await foreach (var tick in api.Ticks(Timeout()))
            {
                yield return tick.Id;
            }
        }
    }

    private static CancellationToken Timeout() => new CancellationTokenSource(TimeSpan.FromSeconds(20)).Token;
}
