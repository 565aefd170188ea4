using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>
/// Each <see cref="IJsonTypeInfoContentSerializer"/> member: the metadata given decides the JSON (its options are not
/// the serializer's here), byte for byte what Refit's own serializer does with it, on RefitStj's own paths and limits.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class StjContentSerializerJsonTypeInfoTests
{
    private const string GadgetJson = """{"display_name":"Lamp","item_count":2,"kind":"ExtraLarge"}""";

    private static Gadget Lamp { get; } = new("Lamp", 2, GadgetKind.ExtraLarge);

    // Refit's defaults, which would write displayName/extraLarge: every snake_case byte below comes from the type info.
    private readonly StjContentSerializer _serializer = new();

    private readonly SystemTextJsonContentSerializer _refits = new();

    [Fact]
    public void Implements_Refits_JsonTypeInfo_Capability()
    {
        Assert.IsAssignableFrom<IJsonTypeInfoContentSerializer>(_serializer);
    }

    [Fact]
    public async Task ToHttpContent_Writes_With_The_Given_Metadata_As_Refit_Does_And_The_Synchronous_Body_Has_Its_Exact_Length()
    {
        using var sent = _serializer.ToHttpContent(Lamp, GadgetContext.Default.Gadget);
        using var content = _serializer.ToHttpContentSynchronous(Lamp, GadgetContext.Default.Gadget);
        using var refits = _refits.ToHttpContent(Lamp, GadgetContext.Default.Gadget);

        var written = await Bodies.TextOf(content);

        Assert.Equal(GadgetJson, written);
        Assert.Equal(await Bodies.TextOf(refits), written);
        Assert.Equal(written, await Bodies.TextOf(sent));
        Assert.Null(sent.Headers.ContentLength);
        Assert.Equal(Encoding.UTF8.GetByteCount(GadgetJson), content.Headers.ContentLength);
        Assert.Equal("application/json; charset=utf-8", content.Headers.ContentType!.ToString());
        Assert.Equal(written, await Bodies.TextOf(content));
    }

    [Fact]
    public async Task ToHttpContentSynchronous_Writes_With_The_Given_Metadata_As_Refit_Does()
    {
        using var content = _serializer.ToHttpContentSynchronous(Lamp, GadgetContext.Default.Gadget);

        Assert.Equal(await Bodies.TextOf(_refits.ToHttpContentSynchronous(Lamp, GadgetContext.Default.Gadget)), await Bodies.TextOf(content));
        Assert.Equal(Encoding.UTF8.GetByteCount(GadgetJson), content.Headers.ContentLength);
    }

    [Fact]
    public async Task ToStreamingHttpContent_Writes_With_The_Given_Metadata_As_Refit_Does_Without_A_Length()
    {
        using var content = _serializer.ToStreamingHttpContent(Lamp, GadgetContext.Default.Gadget);

        Assert.Null(content.Headers.ContentLength);
        Assert.Equal("application/json; charset=utf-8", content.Headers.ContentType!.ToString());
        Assert.Equal(await Bodies.TextOf(_refits.ToStreamingHttpContent(Lamp, GadgetContext.Default.Gadget)), await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Writes_Need_No_Metadata_From_The_Serializers_Own_Resolver()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default);

        Assert.Throws<NotSupportedException>(() => serializer.ToHttpContent(Lamp));
        Assert.Equal(GadgetJson, await Bodies.TextOf(serializer.ToHttpContent(Lamp, GadgetContext.Default.Gadget)));
        Assert.Equal(Lamp, await serializer.FromHttpContentAsync(Bodies.Json(GadgetJson), GadgetContext.Default.Gadget));
    }

    [Fact]
    public async Task An_Interface_Is_Written_As_The_Given_Metadata_Declares_It_As_Refit_Does()
    {
        IShape shape = new Circle { Radius = 1 };

        var ours = await Bodies.TextOf(_serializer.ToHttpContent(shape, ShapeInterfaceContext.Default.IShape));
        var refits = await Bodies.TextOf(_refits.ToHttpContent(shape, ShapeInterfaceContext.Default.IShape));

        Assert.Equal("""{"Kind":"circle"}""", ours);
        Assert.Equal(refits, ours);
    }

    [Fact]
    public async Task FromHttpContentAsync_Reads_With_The_Given_Metadata_As_Refit_Does()
    {
        var ours = await _serializer.FromHttpContentAsync(Bodies.Json(GadgetJson), GadgetContext.Default.Gadget);

        Assert.Equal(Lamp, ours);
        Assert.Equal(await _refits.FromHttpContentAsync(Bodies.Json(GadgetJson), GadgetContext.Default.Gadget), ours);
    }

    [Fact]
    public async Task FromHttpContentAsync_Reads_A_Large_Buffered_Body_In_Place()
    {
        var many = Enumerable.Range(0, 40_000).Select(i => new Gadget("Gadget " + i, i, GadgetKind.Small)).ToList();
        var utf8 = JsonSerializer.SerializeToUtf8Bytes(many, GadgetContext.Default.ListGadget);
        Assert.True(utf8.Length > RefitStj.Reading.JsonBodyReader.MaxHeldLength, "a body above the held maximum");
        using var content = new ByteArrayContent(utf8);
        content.Headers.ContentType = new("application/json");
        await content.LoadIntoBufferAsync();
        _ = JsonSerializer.Deserialize(utf8, GadgetContext.Default.ListGadget);
        _ = await _serializer.FromHttpContentAsync(content, GadgetContext.Default.ListGadget);

        // What deserializing the bytes themselves allocates: the list and its gadgets, no copy of the body.
        var before = GC.GetAllocatedBytesForCurrentThread();
        _ = JsonSerializer.Deserialize(utf8, GadgetContext.Default.ListGadget);
        var fromSpan = GC.GetAllocatedBytesForCurrentThread() - before;

        // A copy would rent from the pool (pooled or streamed reads) or allocate the body's size again (any other).
        using var pool = new CountingPool();
        before = GC.GetAllocatedBytesForCurrentThread();
        var reading = _serializer.FromHttpContentAsync(content, GadgetContext.Default.ListGadget);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(reading.IsCompletedSuccessfully, "a body in memory is read while the call runs, on this thread");
        Assert.Equal(many, await reading);
        Assert.Equal(0, pool.Rented);
        Assert.True(allocated < fromSpan + (utf8.Length / 2), $"{allocated:N0} bytes allocated, {fromSpan:N0} from the bytes themselves, a {utf8.Length:N0}-byte body");
    }

    [Fact]
    public async Task FromHttpContentAsync_Honours_The_Charset_And_Blank_Bodies()
    {
        var latin1 = new ByteArrayContent(Encoding.Latin1.GetBytes("""{"display_name":"Café","item_count":1,"kind":"Small"}"""));
        latin1.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=iso-8859-1");

        Assert.Equal(new Gadget("Café", 1, GadgetKind.Small), await _serializer.FromHttpContentAsync(latin1, GadgetContext.Default.Gadget));
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync(Bodies.Json(" \r\n"), GadgetContext.Default.Gadget));
        var unknown = new ByteArrayContent(Encoding.UTF8.GetBytes(GadgetJson));
        unknown.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=nonesuch");
        await Assert.ThrowsAsync<InvalidOperationException>(() => _serializer.FromHttpContentAsync(unknown, GadgetContext.Default.Gadget));
    }

    [Fact]
    public async Task FromHttpContentAsync_Applies_MaxResponseBodySize_And_Describes_Bad_Json()
    {
        var limited = new StjContentSerializer { MaxResponseBodySize = 10 };

        await Assert.ThrowsAsync<ResponseTooLargeException>(() => limited.FromHttpContentAsync(Bodies.Json(GadgetJson), GadgetContext.Default.Gadget));
        var ex = await Assert.ThrowsAnyAsync<JsonException>(() => _serializer.FromHttpContentAsync(Bodies.Json("""{"item_count":"x"}"""), GadgetContext.Default.Gadget));
        Assert.Contains(nameof(Gadget), ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void DeserializeFromString_Reads_With_The_Given_Metadata()
    {
        Assert.Equal(Lamp, _serializer.DeserializeFromString(GadgetJson, GadgetContext.Default.Gadget));
        Assert.Equal(_refits.DeserializeFromString(GadgetJson, GadgetContext.Default.Gadget), _serializer.DeserializeFromString(GadgetJson, GadgetContext.Default.Gadget));
        Assert.Throws<JsonException>(() => _serializer.DeserializeFromString("  ", GadgetContext.Default.Gadget));
        Assert.ThrowsAny<JsonException>(() => _serializer.DeserializeFromString("{", GadgetContext.Default.Gadget));
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray, "[" + GadgetJson + "," + GadgetJson + "]")]
    [InlineData(StreamingContentFormat.JsonLines, GadgetJson + "\n" + GadgetJson + "\n")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "data: " + GadgetJson + "\n\ndata: " + GadgetJson + "\n\n")]
    public async Task DeserializeStreamAsync_Reads_Each_Format_With_The_Given_Metadata_As_Refit_Does(StreamingContentFormat format, string body)
    {
        var ours = await ReadAll(_serializer.DeserializeStreamAsync(Stream(body), format, GadgetContext.Default.Gadget));
        var refits = await ReadAll(_refits.DeserializeStreamAsync(Stream(body), format, GadgetContext.Default.Gadget));

        Assert.Equal([Lamp, Lamp], ours);
        Assert.Equal(refits, ours);
    }

    [Fact]
    public async Task DeserializeStreamAsync_Ends_Server_Sent_Events_At_Done()
    {
        var body = "data: " + GadgetJson + "\n\ndata: [DONE]\n\ndata: not json\n\n";

        Assert.Equal([Lamp], await ReadAll(_serializer.DeserializeStreamAsync(Stream(body), StreamingContentFormat.ServerSentEvents, GadgetContext.Default.Gadget)));
    }

    [Fact]
    public async Task DeserializeStreamAsync_Reads_SseItems_Through_The_Converter_Of_The_Given_Metadatas_Options()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default);
        var body = "event: update\nid: 7\ndata: " + GadgetJson + "\n\ndata: [DONE]\n\n";

        var items = await ReadAll(serializer.DeserializeStreamAsync(Stream(body), StreamingContentFormat.ServerSentEvents, GadgetContext.Default.SseItemGadget));

        var item = Assert.Single(items);
        Assert.Equal(Lamp, item.Data);
        Assert.Equal("update", item.EventType);
        Assert.Equal("7", item.EventId);
        Assert.Throws<NotSupportedException>(() => serializer.DeserializeStreamAsync(Stream(body), StreamingContentFormat.JsonLines, GadgetContext.Default.SseItemGadget));
    }

    [Fact]
    public async Task DeserializeStreamAsync_Applies_MaxStreamItemSize_And_MaxResponseBodySize()
    {
        var itemLimited = new StjContentSerializer { MaxStreamItemSize = 20 };
        var bodyLimited = new StjContentSerializer { MaxResponseBodySize = 100 };
        var lines = string.Concat(Enumerable.Repeat(GadgetJson + "\n", 5));

        await Assert.ThrowsAsync<ResponseTooLargeException>(() => ReadAll(itemLimited.DeserializeStreamAsync(Stream(lines), StreamingContentFormat.JsonLines, GadgetContext.Default.Gadget)));
        await Assert.ThrowsAsync<ResponseTooLargeException>(() => ReadAll(bodyLimited.DeserializeStreamAsync(Stream(lines), StreamingContentFormat.JsonLines, GadgetContext.Default.Gadget)));
    }

    [Fact]
    public async Task Every_Member_Rejects_Null_Arguments()
    {
        var typeInfo = GadgetContext.Default.Gadget;

        Assert.Equal("typeInfo", Assert.Throws<ArgumentNullException>(() => _serializer.ToHttpContent(Lamp, null!)).ParamName);
        Assert.Equal("typeInfo", Assert.Throws<ArgumentNullException>(() => _serializer.ToHttpContentSynchronous(Lamp, null!)).ParamName);
        Assert.Equal("typeInfo", Assert.Throws<ArgumentNullException>(() => _serializer.ToStreamingHttpContent(Lamp, null!)).ParamName);
        Assert.Equal("content", (await Assert.ThrowsAsync<ArgumentNullException>(() => _serializer.FromHttpContentAsync(null!, typeInfo))).ParamName);
        Assert.Equal("typeInfo", (await Assert.ThrowsAsync<ArgumentNullException>(() => _serializer.FromHttpContentAsync(Bodies.Json("{}"), (JsonTypeInfo<Gadget>)null!))).ParamName);
        Assert.Equal("content", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeFromString(null!, typeInfo)).ParamName);
        Assert.Equal("typeInfo", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeFromString("{}", (JsonTypeInfo<Gadget>)null!)).ParamName);
        Assert.Equal("stream", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeStreamAsync(null!, StreamingContentFormat.JsonArray, typeInfo)).ParamName);
        Assert.Equal("typeInfo", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeStreamAsync(Stream("[]"), StreamingContentFormat.JsonArray, (JsonTypeInfo<Gadget>)null!)).ParamName);
    }

    private static MemoryStream Stream(string body) => new(Encoding.UTF8.GetBytes(body));

    private static async Task<List<T?>> ReadAll<T>(IAsyncEnumerable<T?> items)
    {
        var list = new List<T?>();
        await foreach (var item in items)
        {
            list.Add(item);
        }

        return list;
    }
}
