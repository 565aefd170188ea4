using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Streaming;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

public sealed class StjContentSerializerLimitTests
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
    public async Task Declared_Length_Over_The_Limit_Fails_Before_Reading_Anything()
    {
        var stream = new TrickleStream(s_body, chunk: 1024);
        using var content = new StreamContent(stream);
        content.Headers.ContentLength = s_body.Length;

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => _limited.FromHttpContentAsync<List<Person>>(content));

        Assert.Equal(0, stream.AsyncReads);
        Assert.Equal(10_000, ex.Limit);
        Assert.Equal(s_body.Length, ex.Size);
        Assert.Contains("10000", ex.Message, StringComparison.Ordinal);
        Assert.Contains(s_body.Length.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
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
        Assert.Throws<JsonException>(() => shallow.ToHttpContent(tooDeep));
        Assert.Equal("{\"payload\":[1]}", await Bodies.TextOf(shallow.ToHttpContent(new Envelope { Payload = new List<object> { 1 } })));
    }
}
