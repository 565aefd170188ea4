using System.Net;
using Refit;
using RefitStj.Tests.Support;
using RefitStj.Tests.Suites.Readme;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>Refit clients with <see cref="IAsyncEnumerable{T}"/> return types, in each framing Refit picks from the media type.</summary>
public sealed class StreamingTests
{
    [Theory]
    [InlineData("application/json", "[{\"id\":1},{\"id\":2},{\"id\":3}]")]
    [InlineData("application/x-ndjson", "{\"id\":1}\n\n{\"id\":2}\r\n{\"id\":3}")]
    [InlineData("application/jsonl", "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n")]
    [InlineData("text/event-stream", ": hi\ndata: {\"id\":1}\n\nevent: tick\ndata: {\"id\":2}\n\ndata: {\"id\":3}\n\n")]
    public async Task IAsyncEnumerable_Method_Streams_Every_Format(string mediaType, string body)
    {
        var api = Clients.For<IFeedApi>(Clients.Trickling(HttpStatusCode.OK, body, chunk: 4, mediaType: mediaType));
        var ids = new List<int>();

        await foreach (var tick in api.Feed())
        {
            ids.Add(tick.Id);
        }

        Assert.Equal([1, 2, 3], ids);
    }

    [Fact]
    public async Task Items_Arrive_Before_The_Body_Ends()
    {
        var producer = new ProducerStream();
        var handler = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = new StreamContent(producer) { Headers = { { "Content-Type", "application/x-ndjson" } } } });
        var api = Clients.For<IFeedApi>(handler);
        producer.Write("{\"id\":7}\n");

        await using var items = api.Feed().GetAsyncEnumerator();

        Assert.True(await items.MoveNextAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.Equal(7, items.Current.Id);
        producer.Write("{\"id\":8}\n");
        producer.Complete();
        Assert.True(await items.MoveNextAsync());
        Assert.Equal(8, items.Current.Id);
        Assert.False(await items.MoveNextAsync());
    }

    [Fact]
    public async Task Malformed_Line_Surfaces_JsonException_After_The_Good_Items()
    {
        var api = Clients.For<IFeedApi>(Clients.Answering(HttpStatusCode.OK, "{\"id\":1}\n{oops}\n", "application/x-ndjson"));
        var ids = new List<int>();

        var ex = await Assert.ThrowsAnyAsync<Exception>(async () =>
        {
            await foreach (var tick in api.Feed())
            {
                ids.Add(tick.Id);
            }
        });

        Assert.Equal([1], ids);
        Assert.Contains("Line 2", (ex as System.Text.Json.JsonException ?? ex.InnerException as System.Text.Json.JsonException)!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Works_With_A_Source_Generated_Context()
    {
        var http = Clients.Http(Clients.Answering(HttpStatusCode.OK, "data: {\"id\":5}\n\n", "text/event-stream"));
        var api = RestService.ForGenerated<IFeedApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(SnakeCaseContext.Default) });

        var ticks = new List<Tick>();
        await foreach (var tick in api.Feed())
        {
            ticks.Add(tick);
        }

        Assert.Equal([new Tick(5, null)], ticks);
    }
}
