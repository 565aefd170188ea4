using System.Buffers;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using RefitStj.Tests.Suites.Readme;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class SseItemConverterTests
{
    [Fact]
    public void Source_Generated_Context_Instantiates_The_Listed_Converter()
    {
        Assert.Contains(SseTickContext.Default.Options.Converters, converter => converter is SseItemConverter<Tick>);
    }

    [Fact]
    public async Task Context_With_The_Converter_Reads_SseItems_With_Its_Own_Options()
    {
        var serializer = new StjContentSerializer(SseTickContext.Default);

        var items = await ServerSentEventsReaderTests.ReadItems(serializer, "event: tick\nid: 4\ndata: {\"id\":1,\"name\":\"snake\"}\n\ndata: {\"Id\":2}\n\n");

        Assert.Equal([("tick", "4", new Tick(1, "snake")), ("message", null, new Tick(0, null))], items.Select(i => (i.EventType, i.EventId, i.Data)));
    }

    [Fact]
    public async Task Context_Without_The_Data_Type_Names_The_Missing_Declaration()
    {
        var serializer = new StjContentSerializer(SseConverterOnlyContext.Default);

        var ex = await Assert.ThrowsAsync<NotSupportedException>(() => ServerSentEventsReaderTests.ReadItems(serializer, "data: {}\n\n"));

        Assert.Contains("[JsonSerializable(typeof(Tick))]", ex.Message, StringComparison.Ordinal);
        Assert.Contains(", the data of SseItem<Tick>", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void As_Json_An_SseItem_Is_Its_Data()
    {
        var converter = new SseItemConverter<Tick>();
        var options = SseTickContext.Default.Options;
        var reader = new Utf8JsonReader("""{"id":6,"name":"six"}"""u8);
        reader.Read();

        var json = Write(converter, new SseItem<Tick>(new Tick(5, "five"), "ignored") { EventId = "9" }, options);
        var read = converter.Read(ref reader, typeof(SseItem<Tick>), options);

        Assert.Equal("""{"id":5,"name":"five"}""", json);
        Assert.Equal((new Tick(6, "six"), "message", (string?)null), (read.Data, read.EventType, read.EventId));
    }

    [Fact]
    public void One_Converter_Serves_Two_Options_Each_With_Its_Own_Metadata()
    {
        var converter = new SseItemConverter<Tick>();
        var item = new SseItem<Tick>(new Tick(1, "a"));

        var snake = Write(converter, item, SseTickContext.Default.Options);
        var plain = Write(converter, item, OtherContext.Default.Options);
        var again = Write(converter, item, SseTickContext.Default.Options);

        Assert.Equal(("""{"id":1,"name":"a"}""", """{"Id":1,"Name":"a"}""", """{"id":1,"name":"a"}"""), (snake, plain, again));
    }

    private static string Write(SseItemConverter<Tick> converter, SseItem<Tick> item, JsonSerializerOptions options)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            converter.Write(writer, item, options);
        }

        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    [Fact]
    public void Null_Arguments_Are_Rejected()
    {
        var converter = new SseItemConverter<Tick>();

        using var writer = new Utf8JsonWriter(Stream.Null);

        // Checked before the options are asked for metadata: options without Tick's still get the argument error.
        Assert.Equal("writer", Assert.Throws<ArgumentNullException>(() => converter.Write(null!, default, SseConverterOnlyContext.Default.Options)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentNullException>(() => converter.Write(writer, default, null!)).ParamName);
    }
}
