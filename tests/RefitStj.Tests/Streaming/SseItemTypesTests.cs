using System.Net.ServerSentEvents;
using System.Text.Json;
using Refit;
using RefitStj.Streaming;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class SseItemTypesTests
{
    [Theory]
    [InlineData(typeof(SseItem<Tick>), true)]
    [InlineData(typeof(SseItem<int>), true)]
    [InlineData(typeof(Tick), false)]
    [InlineData(typeof(List<Tick>), false)]
    [InlineData(typeof(SseItem<>), true)]
    public void IsSseItem_Knows_Only_SseItem(Type type, bool expected)
    {
        Assert.Equal(expected, SseItemTypes.IsSseItem(type));
    }

    [Fact]
    public void Reader_Listed_In_The_Options_Comes_First()
    {
        var listed = new SseItemConverter<Tick>();
        var options = new JsonSerializerOptions { Converters = { new SseItemConverter<int>(), listed } };

        Assert.Same(listed, SseItemTypes.ReaderFor<SseItem<Tick>>(options, new DynamicSseItemReaders(), StreamingContentFormat.ServerSentEvents));
    }

    [Fact]
    public void Without_A_Listed_Reader_Reflection_Options_Build_One_Per_Item_Type()
    {
        var dynamicReaders = new DynamicSseItemReaders();

        var reader = SseItemTypes.ReaderFor<SseItem<Tick>>(JsonSerializerOptions.Default, dynamicReaders, StreamingContentFormat.ServerSentEvents);

        Assert.IsType<SseItemConverter<Tick>>(reader);
        Assert.Same(reader, dynamicReaders.Create<SseItem<Tick>>());
    }

    [Fact]
    public void Context_Without_The_Converter_Names_The_Exact_Fix()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default);

        var ex = Assert.Throws<NotSupportedException>(() => serializer.DeserializeStreamAsync<SseItem<Tick>>(new MemoryStream("data: {}\n\n"u8.ToArray()), StreamingContentFormat.ServerSentEvents));

        Assert.StartsWith("Reading SseItem<Tick> needs RefitStj.SseItemConverter<Tick> in the JSON options' converters.", ex.Message, StringComparison.Ordinal);
        Assert.Contains("[JsonSourceGenerationOptions(Converters = new[] { typeof(SseItemConverter<Tick>) })]", ex.Message, StringComparison.Ordinal);
        Assert.Contains("options.Converters.Add(new SseItemConverter<Tick>())", ex.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonLines, "JSON Lines")]
    [InlineData(StreamingContentFormat.JsonArray, "a JSON array")]
    public void Other_Framings_Are_Refused_Naming_The_Framing(StreamingContentFormat format, string named)
    {
        var serializer = new StjContentSerializer();

        var ex = Assert.Throws<NotSupportedException>(() => serializer.DeserializeStreamAsync<SseItem<Tick>>(new MemoryStream("[]"u8.ToArray()), format));

        Assert.Contains(named, ex.Message, StringComparison.Ordinal);
        Assert.Contains("text/event-stream", ex.Message, StringComparison.Ordinal);
        Assert.Contains("IAsyncEnumerable<Tick>", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Undefined_Format_Is_Still_An_Argument_Error()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new StjContentSerializer().DeserializeStreamAsync<SseItem<Tick>>(Stream.Null, (StreamingContentFormat)42));
    }

    [Fact]
    public async Task Limits_Apply_To_SseItems_Per_Event_And_Per_Stream()
    {
        var body = "data: {\"id\":1}\n\ndata: {\"id\":2,\"name\":\"" + new string('x', 100) + "\"}\n\n";
        var perEvent = new StjContentSerializer { MaxStreamItemSize = 64 };
        var perStream = new StjContentSerializer { MaxResponseBodySize = 40 };

        var eventEx = await Assert.ThrowsAsync<ResponseTooLargeException>(() => ServerSentEventsReaderTests.ReadItems(perEvent, body));
        var streamEx = await Assert.ThrowsAsync<ResponseTooLargeException>(() => ServerSentEventsReaderTests.ReadItems(perStream, body));

        Assert.Equal((64L, 40L), (eventEx.Limit, streamEx.Limit));
        Assert.Contains("event", eventEx.Message, StringComparison.Ordinal);
    }
}
