using System.Net;
using System.Text;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

public sealed class StjContentSerializerStreamingTests
{
    private readonly StjContentSerializer _serializer = new();

    public static TheoryData<StreamingContentFormat, string, string, string, string> Formats => new()
    {
        { StreamingContentFormat.JsonArray, "{{\"id\":{0},\"name\":\"item\"}}", ",", "[", "]" },
        { StreamingContentFormat.JsonLines, "{{\"id\":{0},\"name\":\"item\"}}", "\n", "", "\n" },
        { StreamingContentFormat.ServerSentEvents, "data: {{\"id\":{0},\"name\":\"item\"}}\n\n", "", "", "" },
    };

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Disposing_The_Enumerator_Early_Stops_Reading(StreamingContentFormat format, string template, string separator, string prefix, string suffix)
    {
        var stream = new GeneratedStream(1_000_000, template, separator, prefix, suffix);
        var taken = new List<int>();

        await foreach (var tick in _serializer.DeserializeStreamAsync<Tick>(stream, format))
        {
            taken.Add(tick!.Id);
            if (taken.Count == 3)
            {
                break;
            }
        }

        // The three items did arrive: a reader that yields nothing reads nothing, and would pass the bound alone.
        Assert.Equal([0, 1, 2], taken);
        Assert.True(stream.BytesProduced < 256 * 1024, $"{stream.BytesProduced} bytes read for 3 items");
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray, "[{\"id\":1},", "{\"id\":")]
    [InlineData(StreamingContentFormat.JsonLines, "{\"id\":1}\n", "{\"id\":")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "data: {\"id\":1}\n\n", "data: {\"id\":")]
    public async Task Cancellation_Is_Honoured_Between_And_Within_Items(StreamingContentFormat format, string first, string partial)
    {
        var producer = new ProducerStream();
        producer.Write(first);
        using var cts = new CancellationTokenSource();
        await using var items = _serializer.DeserializeStreamAsync<Tick>(producer, format, cts.Token).GetAsyncEnumerator();

        Assert.True(await items.MoveNextAsync());
        Assert.Equal(1, items.Current!.Id);

        // Within: half an item has arrived and the rest never comes.
        producer.Write(partial);
        var pending = items.MoveNextAsync().AsTask();
        await Task.Delay(50);
        Assert.False(pending.IsCompleted);
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => pending.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task Cancelled_Before_The_First_Item_Throws_OperationCanceledException()
    {
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(new MemoryStream("{\"id\":1}\n"u8.ToArray()), StreamingContentFormat.JsonLines, cts.Token))
            {
            }
        });
    }

    [Fact]
    public void Rejects_Null_Stream_And_Undefined_Format()
    {
        Assert.Equal("stream", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeStreamAsync<Tick>(null!, StreamingContentFormat.JsonArray)).ParamName);
        Assert.Equal("format", Assert.Throws<ArgumentOutOfRangeException>(() => _serializer.DeserializeStreamAsync<Tick>(Stream.Null, (StreamingContentFormat)9)).ParamName);
        Assert.Equal("content", Assert.Throws<ArgumentNullException>(() => _serializer.FromHttpContentAsAsyncEnumerable<Tick>(null!)).ParamName);
    }

    [Fact]
    public void An_Undefined_Format_Is_Refused_At_The_Call_Naming_The_Parameter_Its_Value_And_Why()
    {
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => _serializer.DeserializeStreamAsync<Tick>(Stream.Null, (StreamingContentFormat)9));

        Assert.Equal("format", ex.ParamName);
        Assert.Equal((StreamingContentFormat)9, ex.ActualValue);
        Assert.StartsWith("Not a StreamingContentFormat value.", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("application/json", "[{\"id\":1},{\"id\":2}]")]
    [InlineData(null, "[{\"id\":1},{\"id\":2}]")]
    [InlineData("application/x-ndjson", "{\"id\":1}\n{\"id\":2}\n")]
    [InlineData("application/jsonl", "{\"id\":1}\n{\"id\":2}")]
    [InlineData("APPLICATION/X-JSONLINES", "{\"id\":1}\r\n{\"id\":2}")]
    [InlineData("text/event-stream", "data: {\"id\":1}\n\ndata: {\"id\":2}\n\n")]
    public async Task FromHttpContentAsAsyncEnumerable_Picks_The_Format_From_The_Media_Type(string? mediaType, string body)
    {
        var handler = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = Bodies.Streamed(Encoding.UTF8.GetBytes(body), mediaType) });
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://localhost/") };
        using var response = await client.GetAsync("feed", HttpCompletionOption.ResponseHeadersRead);

        var ids = new List<int>();
        await foreach (var tick in _serializer.FromHttpContentAsAsyncEnumerable<Tick>(response.Content))
        {
            ids.Add(tick!.Id);
        }

        Assert.Equal([1, 2], ids);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray, "application/json")]
    [InlineData(StreamingContentFormat.JsonLines, "application/x-ndjson")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "text/event-stream")]
    public async Task Loopback_Server_Writing_One_Item_At_A_Time_Is_Read_As_It_Writes(StreamingContentFormat format, string mediaType)
    {
        var consumerSaw = new SemaphoreSlim(0);
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = mediaType;
            await context.Response.StartAsync();
            for (var i = 0; i < 5; i++)
            {
                var item = $"{{\"id\":{i}}}";
                var framed = format switch
                {
                    StreamingContentFormat.JsonArray => (i == 0 ? "[" : ",") + item,
                    StreamingContentFormat.JsonLines => item + "\n",
                    _ => $"data: {item}\n\n",
                };
                await context.Response.WriteAsync(framed);
                await context.Response.Body.FlushAsync();

                // The next item is written only after the client has yielded this one: nothing waits for the body to end.
                if (!await consumerSaw.WaitAsync(TimeSpan.FromSeconds(10)))
                {
                    throw new TimeoutException("The client did not see item " + i);
                }
            }

            if (format == StreamingContentFormat.JsonArray)
            {
                await context.Response.WriteAsync("]");
            }
        });
        using var client = server.CreateClient();
        using var response = await client.GetAsync("feed", HttpCompletionOption.ResponseHeadersRead);

        Assert.Null(response.Content.Headers.ContentLength);
        var ids = new List<int>();
        await foreach (var tick in _serializer.FromHttpContentAsAsyncEnumerable<Tick>(response.Content))
        {
            ids.Add(tick!.Id);
            consumerSaw.Release();
        }

        Assert.Equal([0, 1, 2, 3, 4], ids);
    }

    [Fact]
    public async Task Loopback_Server_That_Disconnects_Mid_Stream_Surfaces_An_Error_After_The_Items_It_Sent()
    {
        var clientSawTwo = new SemaphoreSlim(0);
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = "application/x-ndjson";
            await context.Response.WriteAsync("{\"id\":1}\n{\"id\":2}\n{\"id\":");
            await context.Response.Body.FlushAsync();

            // Abort only once the client holds both items: a reset may discard bytes the client has not read yet.
            await clientSawTwo.WaitAsync(TimeSpan.FromSeconds(10));
            context.Abort();
        });
        using var client = server.CreateClient();
        using var response = await client.GetAsync("feed", HttpCompletionOption.ResponseHeadersRead);
        var ids = new List<int>();

        var ex = await Assert.ThrowsAnyAsync<Exception>(async () =>
        {
            await foreach (var tick in _serializer.FromHttpContentAsAsyncEnumerable<Tick>(response.Content))
            {
                ids.Add(tick!.Id);
                if (ids.Count == 2)
                {
                    clientSawTwo.Release();
                }
            }
        });

        Assert.True(ex is IOException or HttpRequestException, ex.ToString());
        Assert.Equal([1, 2], ids);
    }
}
