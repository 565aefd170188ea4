using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class ServerSentEventsReaderTests
{
    private readonly StjContentSerializer _serializer = new();

    private async Task<List<Tick?>> Read(string body)
    {
        var items = new List<Tick?>();
        await _serializer.ReadTicksIntoAsync(new TrickleStream(Encoding.UTF8.GetBytes(body), 3), StreamingContentFormat.ServerSentEvents, items);
        return items;
    }

    [Fact]
    public async Task Yields_The_Data_Of_Each_Event_Ignoring_Comments_And_Other_Fields()
    {
        var body = ": keep-alive comment\n" +
                   "event: tick\nid: 1\nretry: 1000\ndata: {\"id\":1}\n\n" +
                   "data: {\"id\":2,\"name\":\"two\"}\r\n\r\n";

        Assert.Equal([new Tick(1, null), new Tick(2, "two")], await Read(body));
    }

    [Fact]
    public async Task Multi_Line_Data_Is_Joined_With_LF_Before_Parsing()
    {
        var body = "data: {\"id\":3,\ndata: \"name\":\"split\"}\n\n";

        Assert.Equal([new Tick(3, "split")], await Read(body));
    }

    [Fact]
    public async Task Events_Without_Data_Are_Skipped()
    {
        var body = "event: ping\ndata:\n\ndata: {\"id\":4}\n\nevent: ping\n\n";

        Assert.Equal([new Tick(4, null)], await Read(body));
    }

    [Fact]
    public async Task Malformed_Event_Names_Its_Number()
    {
        var ex = await Assert.ThrowsAsync<JsonException>(() => Read("data: {\"id\":1}\n\ndata: [oops]\n\n"));

        Assert.StartsWith("Event 2 ", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("\n")]
    [InlineData("\r\n")]
    public async Task Done_Ends_The_Stream_Without_Reading_Further(string newline)
    {
        var done = $"data: {{\"id\":1}}{newline}{newline}data: [DONE]{newline}{newline}";
        var body = Encoding.UTF8.GetBytes(done + $"data: {{\"id\":2}}{newline}{newline}data: not json{newline}{newline}");
        var stream = new TrickleStream(body, chunk: 3, failAfter: Encoding.UTF8.GetByteCount(done));
        var items = new List<Tick?>();

        await _serializer.ReadTicksIntoAsync(stream, StreamingContentFormat.ServerSentEvents, items);

        Assert.Equal([new Tick(1, null)], items);
    }

    [Theory]
    [InlineData("data: [DONE]\n\n")]
    [InlineData("data:[DONE]\n\n")]
    [InlineData("data:  [DONE] \t\n\n")]
    [InlineData("event: end\ndata: [DONE]\n\n")]
    [InlineData("data:\ndata: [DONE]\ndata:\n\n")]
    public async Task Done_With_Only_Whitespace_Around_It_Ends_The_Stream(string done)
    {
        Assert.Equal([new Tick(1, null)], await Read("data: {\"id\":1}\n\n" + done + "data: {\"id\":2}\n\n"));
    }

    [Theory]
    [InlineData("data: [done]\n\n")]
    [InlineData("data: DONE\n\n")]
    [InlineData("data: [DONE]]\n\n")]
    [InlineData("data: [ DONE ]\n\n")]
    [InlineData("data: \"[DONE]\"\n\n")]
    public async Task Anything_But_The_Done_Literal_Is_Still_Malformed(string data)
    {
        var ex = await Assert.ThrowsAsync<JsonException>(() => Read("data: {\"id\":1}\n\n" + data));

        Assert.StartsWith("Event 2 ", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Done_Ends_A_Stream_Of_SseItems_Too()
    {
        var body = "data: {\"id\":1}\n\ndata: [DONE]\n\ndata: {\"id\":2}\n\n";

        var items = await ReadItems(new StjContentSerializer(), body);

        Assert.Equal([new Tick(1, null)], items.Select(item => item.Data));
    }

    [Fact]
    public async Task SseItems_Carry_Type_Id_And_Retry_Exactly_As_SseParser_Reports_Them()
    {
        var body = ": keep-alive\r\n\r\n" +
                   "event: message_start\r\nid: 1\r\nretry: 2500\r\ndata: {\"id\":1}\r\n\r\n" +
                   "event: ping\ndata:\n\n" +
                   "data: {\"id\":3,\ndata: \"name\":\"split\"}\n\n" +
                   "retry: 10\nid: 2\n\n" +
                   "id: 7\ndata: {\"id\":4}\n\n" +
                   "retry: nonsense\nevent: \ndata: null\n\n";

        var items = await ReadItems(new StjContentSerializer(), body);

        var expected = new List<SseItem<string>>();
        await foreach (var item in SseParser.Create(new MemoryStream(Encoding.UTF8.GetBytes(body)), (_, data) => Encoding.UTF8.GetString(data)).EnumerateAsync())
        {
            expected.Add(item);
        }

        Assert.Equal(expected.Select(e => (e.EventType, e.EventId, e.ReconnectionInterval)), items.Select(i => (i.EventType, i.EventId, i.ReconnectionInterval)));
        Assert.Equal([new Tick(1, null), null, new Tick(3, "split"), new Tick(4, null), null], items.Select(item => item.Data));
        Assert.Equal(("message_start", "1", TimeSpan.FromMilliseconds(2500)), (items[0].EventType, items[0].EventId, items[0].ReconnectionInterval));
        Assert.Equal(("ping", "message", "7"), (items[1].EventType, items[2].EventType, items[3].EventId));
    }

    [Fact]
    public async Task SseItem_With_Malformed_Data_Names_The_Event()
    {
        var ex = await Assert.ThrowsAsync<JsonException>(() => ReadItems(new StjContentSerializer(), "data: {\"id\":1}\n\nevent: x\ndata: {oops}\n\n"));

        Assert.StartsWith("Event 2 ", ex.Message, StringComparison.Ordinal);
    }

    internal static async Task<List<SseItem<Tick?>>> ReadItems(StjContentSerializer serializer, string body, int chunk = 3)
    {
        var items = new List<SseItem<Tick?>>();
        await foreach (var item in serializer.DeserializeStreamAsync<SseItem<Tick?>>(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk), StreamingContentFormat.ServerSentEvents))
        {
            items.Add(item);
        }

        return items;
    }
}
