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

    public static TheoryData<string, int, string> BadElements => new()
    {
        { "[{\"id\":1},{\"id\":2},{\"id\":\"x\"},{\"id\":4}]", 2, "$[2].id" },
        { "[{\"id\":1},{\"id\":2},{oops},{\"id\":4}]", 2, "$[2]" },
        { "[{\"id\":1},{\"id\":2},[1]]", 2, "$[2]" },
        { "[{\"id\":1},{\"id\":2} {\"id\":3}]", 2, "$[2]" },
        { "[" + string.Join(",", Enumerable.Range(0, 3000).Select(i => i == 2777 ? "{\"id\":\"x\"}" : $"{{\"id\":{i},\"name\":\"{new string('n', i % 50)}\"}}")) + "]", 2777, "$[2777].id" },
    };

    [Theory]
    [MemberData(nameof(BadElements))]
    public async Task A_Malformed_Element_Is_Named_By_Its_Index_Whatever_The_Read_Sizes(string body, int index, string path)
    {
        var bytes = Encoding.UTF8.GetBytes(body);
        foreach (var stream in new Stream[] { new MemoryStream(bytes), new TrickleStream(bytes, 1), new TrickleStream(bytes, 7), new TrickleStream(bytes, 4096) })
        {
            var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.ReadTicksIntoAsync(stream, StreamingContentFormat.JsonArray, []));

            // System.Text.Json counts from the first element of the read that failed; the message counts from the array's.
            Assert.StartsWith($"Element {index} of the streamed JSON array", ex.Message, StringComparison.Ordinal);
            Assert.Equal(path, ex.Path);
            Assert.Contains(path, ex.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("[{\"id\":1}]x")]
    [InlineData("{\"id\":1}")]
    public async Task A_Body_That_Fails_Outside_Any_Element_Names_The_Array(string body)
    {
        var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.ReadTicksIntoAsync(new MemoryStream(Encoding.UTF8.GetBytes(body)), StreamingContentFormat.JsonArray, []));

        Assert.StartsWith("The streamed JSON array ", ex.Message, StringComparison.Ordinal);
        Assert.Contains("Tick", ex.Message, StringComparison.Ordinal);
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

    public static TheoryData<string, bool> ValidArrays => new()
    {
        { "[]", false },
        { " \r\n[ 1 , -2.5e3 , true , false , null , \"s\" ] \n", false },
        { "[{\"a\":\"]}[{\\\"\\\\\",\"b\":[[],{}]},[\"x\",[1,[2]]],\"\\\"\"]", false },
        { "[" + string.Join(",", Enumerable.Range(0, 40).Select(i => $"{{\"id\":{i},\"name\":\"{new string('n', i * 7)}\\\\\"}}")) + "]", false },
        { "/* a */ [ // b\n {\"a\":[1, /* ] } */ 2]}, \"/*x*/\" , 3 , ] // c", true },
    };

    [Theory]
    [MemberData(nameof(ValidArrays))]
    public async Task Any_Split_Of_A_Valid_Array_Yields_What_System_Text_Json_Yields(string body, bool lenient)
    {
        var options = new JsonSerializerOptions(StjContentSerializer.CreateDefaultOptions())
        {
            ReadCommentHandling = lenient ? JsonCommentHandling.Skip : JsonCommentHandling.Disallow,
            AllowTrailingCommas = lenient,
        };
        var serializer = new StjContentSerializer(options);
        var bytes = Encoding.UTF8.GetBytes(body);
        var expected = new List<string>();
        await foreach (var item in JsonSerializer.DeserializeAsyncEnumerable<JsonElement>(new MemoryStream(bytes), options))
        {
            expected.Add(item.GetRawText());
        }

        foreach (var chunk in Enumerable.Range(1, 24).Append(4096))
        {
            var actual = new List<string>();
            await foreach (var item in serializer.DeserializeStreamAsync<JsonElement>(new TrickleStream(bytes, chunk), StreamingContentFormat.JsonArray))
            {
                actual.Add(item.GetRawText());
            }

            Assert.Equal(expected, actual);
        }
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    [InlineData("1")]
    [InlineData("nul")]
    [InlineData("[1 2]")]
    [InlineData("[1,]")]
    [InlineData("[,1]")]
    [InlineData("[1]x")]
    [InlineData("[1][")]
    [InlineData("[1")]
    [InlineData("[\"abc")]
    [InlineData("[{\"a\":1]")]
    [InlineData("[1]/* c */")]
    [InlineData("[[[1]]]")]
    public async Task A_Body_That_Is_Not_One_Array_Of_Valid_Elements_Gives_JsonException(string body)
    {
        var shallow = new StjContentSerializer(new JsonSerializerOptions(StjContentSerializer.CreateDefaultOptions()) { MaxDepth = 2 });

        foreach (var chunk in new[] { 1, 3, 4096 })
        {
            await Assert.ThrowsAsync<JsonException>(async () =>
            {
                await foreach (var _ in shallow.DeserializeStreamAsync<JsonElement>(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk), StreamingContentFormat.JsonArray))
                {
                }
            });
        }
    }

    [Fact]
    public async Task A_Null_Body_Is_An_Empty_Sequence_As_In_System_Text_Json()
    {
        await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(new TrickleStream(" null "u8.ToArray(), 2), StreamingContentFormat.JsonArray))
        {
            Assert.Fail("No element expected.");
        }
    }
}
