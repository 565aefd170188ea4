using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.HostileInput;

public sealed class SerializerSizeLimitTests
{
    private static readonly byte[] s_body = Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(Enumerable.Range(0, 2000).Select(i => new Person("p" + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions()));

    private readonly StjContentSerializer _limited = new() { MaxResponseBodySize = 10_000 };

    [Fact]
    public void No_Limit_By_Default()
    {
        Assert.Null(new StjContentSerializer().MaxResponseBodySize);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void Limit_Must_Be_Positive(long limit)
    {
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => new StjContentSerializer { MaxResponseBodySize = limit });

        Assert.Equal(nameof(StjContentSerializer.MaxResponseBodySize), ex.ParamName);
    }

    [Fact]
    public async Task Declared_Length_Over_The_Limit_Fails_Once_The_Bytes_Read_Pass_It()
    {
        // To a serializer a Content-Length is a hint (it may be stale, or a decoder's encoded length): the count decides.
        var stream = new TrickleStream(s_body, chunk: 1024);
        using var content = new StreamContent(stream);
        content.Headers.ContentLength = s_body.Length;

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => _limited.FromHttpContentAsync<List<Person>>(content));

        Assert.Equal(10_000, ex.Limit);
        Assert.InRange(ex.Size, 10_001, 10_000 + 1024);
        Assert.Contains($"reading stopped after {ex.Size} bytes", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Undeclared_Body_Over_The_Limit_Fails_After_At_Most_The_Limit_Plus_One_Read()
    {
        var stream = new TrickleStream(s_body, chunk: 1024);

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => _limited.FromHttpContentAsync<List<Person>>(new StreamContent(stream)));

        Assert.InRange(ex.Size, 10_001, 10_000 + 1024);
        Assert.True(stream.AsyncReads <= 11, $"{stream.AsyncReads} reads");
    }

    [Fact]
    public async Task Buffered_Body_Over_The_Limit_Fails()
    {
        await Assert.ThrowsAsync<ResponseTooLargeException>(() => _limited.FromHttpContentAsync<List<Person>>(new ByteArrayContent(s_body)));
    }

    [Fact]
    public async Task Body_Exactly_At_The_Limit_Is_Read()
    {
        var exact = new StjContentSerializer { MaxResponseBodySize = s_body.Length };

        Assert.Equal(2000, (await exact.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_body, 999))))!.Count);
        Assert.Equal(2000, (await exact.FromHttpContentAsync<List<Person>>(new ByteArrayContent(s_body)))!.Count);
    }

    [Fact]
    public async Task A_Raw_Content_Length_Equal_To_The_Limit_Is_Read()
    {
        var exact = new StjContentSerializer { MaxResponseBodySize = s_body.Length };
        using var content = new StreamContent(new TrickleStream(s_body, chunk: 4096));
        content.Headers.TryAddWithoutValidation("Content-Length", s_body.Length.ToString(System.Globalization.CultureInfo.InvariantCulture));

        Assert.Equal(2000, (await exact.FromHttpContentAsync<List<Person>>(content))!.Count);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray)]
    [InlineData(StreamingContentFormat.JsonLines)]
    [InlineData(StreamingContentFormat.ServerSentEvents)]
    public async Task A_Streamed_Body_Of_Exactly_The_Limit_Is_Read_Whole(StreamingContentFormat format)
    {
        var items = Enumerable.Range(0, 500).Select(i => $$"""{"id":{{i}}}""").ToList();
        var body = Encoding.UTF8.GetBytes(format switch
        {
            StreamingContentFormat.JsonArray => "[" + string.Join(",", items) + "]",
            StreamingContentFormat.JsonLines => string.Concat(items.Select(item => item + "\n")),
            _ => string.Concat(items.Select(item => $"data: {item}\n\n")),
        });
        var exact = new StjContentSerializer { MaxResponseBodySize = body.Length };
        var read = new List<Tick?>();

        await exact.ReadTicksIntoAsync(new TrickleStream(body, chunk: 1000), format, read);

        Assert.Equal(Enumerable.Range(0, 500), read.Select(tick => tick!.Id));
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray)]
    [InlineData(StreamingContentFormat.JsonLines)]
    [InlineData(StreamingContentFormat.ServerSentEvents)]
    public async Task Streamed_Bodies_Count_Every_Byte_Against_The_Limit(StreamingContentFormat format)
    {
        var stream = format switch
        {
            StreamingContentFormat.JsonArray => new GeneratedStream(100_000, "{{\"id\":{0}}}", ",", "[", "]"),
            StreamingContentFormat.JsonLines => new GeneratedStream(100_000, "{{\"id\":{0}}}", "\n"),
            _ => new GeneratedStream(100_000, "data: {{\"id\":{0}}}\n\n", ""),
        };
        var seen = 0;

        await Assert.ThrowsAsync<ResponseTooLargeException>(async () =>
        {
            await foreach (var _ in _limited.DeserializeStreamAsync<Tick>(stream, format))
            {
                seen++;
            }
        });

        Assert.True(stream.BytesProduced < 10_000 + (64 * 1024), $"{stream.BytesProduced} bytes read");
        Assert.True(seen < 1000, $"{seen} items before the limit");
    }

    [Fact]
    public void Stream_Items_Are_Limited_To_16_MiB_By_Default()
    {
        Assert.Equal(16 * 1024 * 1024, new StjContentSerializer().MaxStreamItemSize);
        Assert.Null(new StjContentSerializer { MaxStreamItemSize = null }.MaxStreamItemSize);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void Stream_Item_Limit_Must_Be_Positive(long limit)
    {
        var ex = Assert.Throws<ArgumentOutOfRangeException>(() => new StjContentSerializer { MaxStreamItemSize = limit });

        Assert.Equal(nameof(StjContentSerializer.MaxStreamItemSize), ex.ParamName);
    }

    public static TheoryData<StreamingContentFormat, int, string> ItemFraming => new()
    {
        // The bytes an item takes on the wire besides its JSON: a newline, "data: " and a blank line, a comma.
        { StreamingContentFormat.JsonLines, 0, "Line 2 of the JSON Lines body" },
        { StreamingContentFormat.ServerSentEvents, 8, "An event of the server-sent event stream" },
    };

    [Fact]
    public async Task An_Array_Element_Well_Under_The_Limit_Is_Read_And_One_Over_It_Is_Refused()
    {
        // System.Text.Json's reader buffers ahead, so the limit counts what arrives between two finished elements.
        const int limit = 1000;
        var serializer = new StjContentSerializer { MaxStreamItemSize = limit };

        var read = await ReadTicks(serializer, StreamingContentFormat.JsonArray, lastItemSize: limit / 2);
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => ReadTicks(serializer, StreamingContentFormat.JsonArray, lastItemSize: limit + 1));

        Assert.Equal(2, read.Count);
        Assert.Equal(limit, ex.Limit);
        Assert.StartsWith("An element of the streamed JSON array", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(ItemFraming))]
    public async Task An_Item_Of_Exactly_The_Limit_Is_Read_And_One_Byte_More_Is_Refused(StreamingContentFormat format, int framing, string which)
    {
        const int limit = 1000;
        var serializer = new StjContentSerializer { MaxStreamItemSize = limit };

        var read = await ReadTicks(serializer, format, lastItemSize: limit - framing);
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => ReadTicks(serializer, format, lastItemSize: limit - framing + 1));

        Assert.Equal(2, read.Count);
        Assert.Equal(limit, ex.Limit);
        Assert.StartsWith(which, ex.Message, StringComparison.Ordinal);
        Assert.Contains("(MaxStreamItemSize)", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonLines, "\n")]
    [InlineData(StreamingContentFormat.JsonLines, "\r\n")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "\n")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "\r\n")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "\r")]
    [InlineData(StreamingContentFormat.JsonArray, "\n")]
    public async Task The_Item_Limit_Counts_Each_Item_Not_The_Stream(StreamingContentFormat format, string newline)
    {
        // 2,000 items of about 60 bytes: 100 times the limit in all, each well under it.
        var serializer = new StjContentSerializer { MaxStreamItemSize = 1200 };
        var items = Enumerable.Range(0, 2000).Select(i => $$"""{"id":{{i}},"name":"{{new string('n', 40)}}"}""");
        var body = format switch
        {
            StreamingContentFormat.JsonLines => string.Concat(items.Select(item => item + newline)),
            StreamingContentFormat.ServerSentEvents => string.Concat(items.Select(item => $": comment{newline}data: {item}{newline}{newline}")),
            _ => "[" + string.Join("," + newline, items) + "]",
        };
        var read = new List<Tick?>();

        await serializer.ReadTicksIntoAsync(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk: 1000), format, read);

        Assert.Equal(2000, read.Count);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonLines)]
    [InlineData(StreamingContentFormat.ServerSentEvents)]
    [InlineData(StreamingContentFormat.JsonArray)]
    public async Task Null_Lifts_The_Stream_Item_Limit(StreamingContentFormat format)
    {
        var unlimited = new StjContentSerializer { MaxStreamItemSize = null };

        var read = await ReadTicks(unlimited, format, lastItemSize: (16 * 1024 * 1024) + 1);

        Assert.Equal((16 * 1024 * 1024) + 1 - """{"id":1,"name":""}""".Length, read[1]!.Name!.Length);
    }

    /// <summary>Two items: {"id":0}, then one whose JSON is <paramref name="lastItemSize"/> bytes, framed for <paramref name="format"/>.</summary>
    private static async Task<List<Tick?>> ReadTicks(StjContentSerializer serializer, StreamingContentFormat format, int lastItemSize)
    {
        var last = $$"""{"id":1,"name":"{{new string('n', lastItemSize - """{"id":1,"name":""}""".Length)}}"}""";
        var body = format switch
        {
            StreamingContentFormat.JsonLines => $"{{\"id\":0}}\n{last}\n",
            StreamingContentFormat.ServerSentEvents => $"data: {{\"id\":0}}\n\ndata: {last}\n\n",
            _ => $"[{{\"id\":0}},{last}]",
        };
        var items = new List<Tick?>();
        await serializer.ReadTicksIntoAsync(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk: 4096), format, items);
        return items;
    }

    [Fact]
    public async Task MaxDepth_From_The_Options_Is_Honoured_On_Every_Path()
    {
        var shallow = new StjContentSerializer(new JsonSerializerOptions(StjContentSerializer.CreateDefaultOptions()) { MaxDepth = 3 });
        const string deep = "{\"payload\":[[[[1]]]]}";

        await Assert.ThrowsAsync<JsonException>(() => shallow.FromHttpContentAsync<Envelope>(Bodies.Json(deep)));
        await Assert.ThrowsAsync<JsonException>(() => shallow.FromHttpContentAsync<Envelope>(Bodies.Streamed(Encoding.UTF8.GetBytes(deep))));
        Assert.Throws<JsonException>(() => shallow.DeserializeFromString<Envelope>(deep));
        foreach (var (format, body) in new[]
        {
            (StreamingContentFormat.JsonArray, $"[{deep}]"),
            (StreamingContentFormat.JsonLines, deep + "\n"),
            (StreamingContentFormat.ServerSentEvents, $"data: {deep}\n\n"),
        })
        {
            await Assert.ThrowsAsync<JsonException>(async () =>
            {
                await foreach (var _ in shallow.DeserializeStreamAsync<Envelope>(new MemoryStream(Encoding.UTF8.GetBytes(body)), format))
                {
                }
            });
        }

        var tooDeep = new Envelope { Payload = new List<object> { new List<object> { new List<object> { 1 } } } };
        Assert.Throws<JsonException>(() => shallow.ToHttpContentSynchronous(tooDeep));
        await Assert.ThrowsAsync<JsonException>(() => Bodies.TextOf(shallow.ToHttpContent(tooDeep)));
        Assert.Equal("{\"payload\":[1]}", await Bodies.TextOf(shallow.ToHttpContent(new Envelope { Payload = new List<object> { 1 } })));
    }
}
