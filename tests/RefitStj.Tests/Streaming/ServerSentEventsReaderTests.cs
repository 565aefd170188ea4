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
        var ex = await Assert.ThrowsAsync<JsonException>(() => Read("data: {\"id\":1}\n\ndata: [DONE]\n\n"));

        Assert.StartsWith("Event 2 ", ex.Message, StringComparison.Ordinal);
    }
}
