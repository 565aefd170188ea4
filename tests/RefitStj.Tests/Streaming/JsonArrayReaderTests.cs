using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class JsonArrayReaderTests
{
    private readonly StjContentSerializer _serializer = new();

    [Fact]
    public async Task Yields_Each_Element_Before_The_Array_Closes()
    {
        var producer = new ProducerStream();
        var seen = new List<int>();
        producer.Write("[");
        producer.Write("{\"id\":0}");
        var enumerator = _serializer.DeserializeStreamAsync<Tick>(producer, StreamingContentFormat.JsonArray).GetAsyncEnumerator();

        for (var i = 0; i < 3; i++)
        {
            // The next element is only written once the consumer has seen this one.
            var moved = enumerator.MoveNextAsync().AsTask();
            Assert.True(await moved.WaitAsync(TimeSpan.FromSeconds(10)));
            seen.Add(enumerator.Current!.Id);
            producer.Write($",{{\"id\":{i + 1}}}");
        }

        producer.Write("]");
        producer.Complete();
        while (await enumerator.MoveNextAsync())
        {
            seen.Add(enumerator.Current!.Id);
        }

        await enumerator.DisposeAsync();
        Assert.Equal([0, 1, 2, 3], seen);
    }

    [Fact]
    public async Task Malformed_Element_Names_Its_Index_And_Earlier_Items_Stay_Valid()
    {
        var items = new List<Tick?>();
        var stream = new TrickleStream(Encoding.UTF8.GetBytes("[{\"id\":1},{\"id\":2},{\"id\":\"x\"},{\"id\":4}]"));

        var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.ReadTicksIntoAsync(stream, StreamingContentFormat.JsonArray, items));

        Assert.StartsWith("Element 2 ", ex.Message, StringComparison.Ordinal);
        Assert.Equal([new Tick(1, null), new Tick(2, null)], items);
    }

    [Fact]
    public async Task Empty_Array_Yields_Nothing()
    {
        await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(new MemoryStream("[]"u8.ToArray()), StreamingContentFormat.JsonArray))
        {
            Assert.Fail("No element expected.");
        }
    }

    [Fact]
    public async Task A_Body_That_Is_Not_An_Array_Gives_JsonException()
    {
        await Assert.ThrowsAsync<JsonException>(async () =>
        {
            await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(new MemoryStream("{\"id\":1}"u8.ToArray()), StreamingContentFormat.JsonArray))
            {
            }
        });
    }
}
