using System.Text;
using System.Text.Json;
using System.Threading.Tasks.Sources;
using RefitStj.Tests.Support;
using RefitStj.Writing;

namespace RefitStj.Tests.Writing;

[Collection(nameof(BufferPoolIsolation))]
public sealed class PooledJsonContentTests
{
    private const int PooledBufferWriterSegment = RefitStj.IO.PooledBufferWriter.SegmentSize;

    private static readonly StjContentSerializer s_serializer = new();

    private static PooledJsonContent Create(string json) =>
        (PooledJsonContent)s_serializer.ToHttpContentSynchronous(JsonDocument.Parse(json).RootElement);

    [Fact]
    public void Reports_Its_Exact_Length_And_Json_Content_Type()
    {
        using var content = Create("[1,2,3]");

        Assert.Equal(7, content.Headers.ContentLength);
        Assert.Equal("application/json", content.Headers.ContentType!.MediaType);
        Assert.Equal("utf-8", content.Headers.ContentType.CharSet);
    }

    [Fact]
    public void Each_Content_Has_Its_Own_Content_Type_Instance()
    {
        using var first = Create("1");
        using var second = Create("2");

        first.Headers.ContentType!.CharSet = "utf-16";

        Assert.NotSame(first.Headers.ContentType, second.Headers.ContentType);
        Assert.Equal("utf-8", second.Headers.ContentType!.CharSet);
    }

    [Fact]
    public async Task Can_Be_Copied_Streamed_And_Read_Many_Times()
    {
        using var content = Create("""{"a":1}""");

        var viaString = await content.ReadAsStringAsync();
        await using var viaStream = await content.ReadAsStreamAsync();
        using var reader = new StreamReader(viaStream);
        var streamed = await reader.ReadToEndAsync();
        using var copy = new MemoryStream();
        content.CopyTo(copy, null, CancellationToken.None);
        using var other = Create("""{"a":1}""");
        using var syncStream = other.ReadAsStream();

        Assert.Equal("""{"a":1}""", viaString);
        Assert.Equal(viaString, streamed);
        Assert.Equal(viaString, Encoding.UTF8.GetString(copy.ToArray()));
        Assert.Equal(7, syncStream.Length);
    }

    [Fact]
    public void Read_Stream_Is_Read_Only_And_Seekable()
    {
        using var content = Create("[1,22]");
        using var stream = content.ReadAsStream();
        stream.Position = 3;

        Assert.False(stream.CanWrite);
        Assert.Throws<NotSupportedException>(() => stream.WriteByte(1));
        Assert.Equal((byte)'2', (byte)stream.ReadByte());
        Assert.Equal(1, stream.Seek(-5, SeekOrigin.End));
        Assert.Equal((byte)'1', (byte)stream.ReadByte());
    }

    [Fact]
    public async Task Reading_After_Dispose_Throws_ObjectDisposedException()
    {
        var content = Create("{}");
        content.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => content.ReadAsStringAsync());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => content.CopyToAsync(new MemoryStream()));
        Assert.Throws<ObjectDisposedException>(() => content.ReadAsStream());
    }

    [Fact]
    public void Dispose_Twice_Returns_The_Array_Once()
    {
        using var pool = new CountingPool();
        var content = Create("{}");

        content.Dispose();
        content.Dispose();

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public void Synchronous_Copy_Of_Fresh_Content_Writes_The_Body()
    {
        using var content = Create("[true]");
        using var wire = new MemoryStream();

        content.CopyTo(wire, null, CancellationToken.None);

        Assert.Equal("[true]", Encoding.UTF8.GetString(wire.ToArray()));
    }

    [Fact]
    public async Task The_First_Copy_Gives_The_Array_Back_And_Later_Copies_Serialize_Again()
    {
        // A wrapping content (Refit's push content) copies the content once and never disposes it.
        using var pool = new CountingPool(poison: true);
        var content = Create("""{"name":"Ada","age":36}""");
        Assert.Equal(1, pool.Outstanding);

        var first = await Bodies.TextOf(content);
        var outstandingAfterFirst = pool.Outstanding;
        var second = await Bodies.TextOf(content);
        var third = await content.ReadAsStringAsync();

        Assert.Equal(0, outstandingAfterFirst);
        Assert.Equal("""{"name":"Ada","age":36}""", first);
        Assert.Equal(first, second);
        Assert.Equal(first, third);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task A_Read_Stream_Opened_Before_The_First_Copy_Still_Reads_The_Body_After_It()
    {
        using var pool = new CountingPool(poison: true);
        using var content = Create("""["a","b"]""");
        var stream = await content.ReadAsStreamAsync();
        var start = new byte[4];
        stream.ReadExactly(start);

        await Bodies.TextOf(content);
        using var reader = new StreamReader(stream);
        var rest = await reader.ReadToEndAsync();
        var heldByTheStream = pool.Outstanding;
        await stream.DisposeAsync();

        // The stream's own copy, serialized again into pooled memory, goes back when the stream is disposed.
        Assert.Equal("""["a","b"]""", Encoding.UTF8.GetString(start) + rest);
        Assert.Equal(1, heldByTheStream);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task Dispose_During_A_Write_Keeps_The_Array_Until_The_Write_Ends()
    {
        using var pool = new CountingPool(poison: true);
        var body = Enumerable.Range(0, 2000).Select(i => new Person("p" + i, i)).ToList();
        var expected = JsonSerializer.SerializeToUtf8Bytes(body, s_serializer.Options);
        var content = s_serializer.ToHttpContentSynchronous(body);
        var wire = new GatedWriteStream(firstPart: 1000);

        var writing = content.CopyToAsync(wire);
        await wire.Entered;

        // However many segments the body took (the type's size hint depends on what this serializer wrote before).
        var heldBeforeDispose = pool.Outstanding;
        content.Dispose();
        var outstandingWhileWriting = pool.Outstanding;
        wire.Open();
        await writing;

        Assert.True(heldBeforeDispose > 0);
        Assert.Equal(heldBeforeDispose, outstandingWhileWriting);
        Assert.Equal(expected, wire.Written);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task A_Body_Of_Several_Segments_Keeps_Them_All_Through_A_Write_Outliving_Dispose_Then_Gives_Them_Back()
    {
        using var pool = new CountingPool(poison: true);
        var body = Enumerable.Range(0, 100_000).Select(i => new Person("person " + i, i)).ToList();
        var expected = JsonSerializer.SerializeToUtf8Bytes(body, s_serializer.Options);
        var content = s_serializer.ToHttpContentSynchronous(body);
        var segments = pool.Outstanding;
        var length = content.Headers.ContentLength;
        var wire = new GatedWriteStream(firstPart: 1000);

        var writing = content.CopyToAsync(wire);
        await wire.Entered;
        content.Dispose();
        var outstandingWhileWriting = pool.Outstanding;
        wire.Open();
        await writing;

        Assert.True(segments > 2, $"{expected.Length} bytes in {segments} segments");
        Assert.Equal(expected.Length, length);
        Assert.Equal(segments, outstandingWhileWriting);
        Assert.Equal(expected, wire.Written);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task A_Body_Of_Several_Segments_Reads_Whole_Before_And_After_Its_Segments_Went_Back()
    {
        using var pool = new CountingPool(poison: true);
        var body = Enumerable.Range(0, 100_000).Select(i => new Person("person " + i, i)).ToList();
        var expected = JsonSerializer.SerializeToUtf8Bytes(body, s_serializer.Options);
        using var content = s_serializer.ToHttpContentSynchronous(body);
        var stream = await content.ReadAsStreamAsync();
        var start = new byte[PooledBufferWriterSegment + 5];
        stream.ReadExactly(start);

        var first = await BytesOf(content);
        var outstandingAfterFirst = pool.Outstanding;
        using var rest = new MemoryStream();
        await stream.CopyToAsync(rest, 7919);
        var second = await BytesOf(content);
        await stream.DisposeAsync();

        Assert.Equal(expected, first);
        Assert.Equal(0, outstandingAfterFirst);
        Assert.Equal(expected, start.Concat(rest.ToArray()).ToArray());
        Assert.Equal(expected, second);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task A_Body_Changed_After_Its_First_Copy_Fails_The_Next_Copy_Instead_Of_Sending_A_Wrong_Length()
    {
        var body = new List<int> { 1, 2, 3 };
        using var content = s_serializer.ToHttpContentSynchronous(body);
        await Bodies.TextOf(content);
        body.Add(4);

        var ex = await Assert.ThrowsAsync<InvalidOperationException>(() => Bodies.TextOf(content));

        Assert.Contains("7 bytes (its Content-Length)", ex.Message, StringComparison.Ordinal);
        Assert.Contains("it now serializes to 9.", ex.Message, StringComparison.Ordinal);
        Assert.Contains("Do not modify a body object until its request has been sent.", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Read_Stream_Serves_The_Pooled_Array_Without_Serializing_Again()
    {
        using var pool = new CountingPool();
        using var content = Create("""{"a":[1,2]}""");
        using var stream = content.ReadAsStream();
        using var reader = new StreamReader(stream);

        var text = reader.ReadToEnd();

        Assert.Equal("""{"a":[1,2]}""", text);
        Assert.Equal(1, pool.Rented);
    }

    [Fact]
    public async Task A_Write_That_Throws_Before_Returning_A_Task_Gives_The_Array_Back()
    {
        using var pool = new CountingPool();
        using var content = Create("[1,2]");

        await Assert.ThrowsAsync<HttpRequestException>(() => content.CopyToAsync(new ThrowingWriteStream()));

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal("[1,2]", await Bodies.TextOf(content));
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task A_Write_Completed_At_Once_Is_Consumed_Exactly_Once_So_Its_Pooled_Source_Can_Be_Reused()
    {
        using var content = Create("[1,2]");
        var wire = new PooledValueTaskWriteStream();

        await content.CopyToAsync(wire);

        Assert.Equal("[1,2]", Encoding.UTF8.GetString(wire.Written));
        Assert.Equal(1, wire.Results);
    }

    [Fact]
    public void A_Synchronous_First_Copy_Gives_The_Array_Back_As_An_Asynchronous_One_Does()
    {
        using var pool = new CountingPool();
        using var content = Create("[true]");
        using var wire = new MemoryStream();

        content.CopyTo(wire, null, CancellationToken.None);

        Assert.Equal("[true]", Encoding.UTF8.GetString(wire.ToArray()));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task A_Synchronous_Copy_After_The_Array_Went_Back_Returns_The_Buffer_It_Serialized_Into()
    {
        using var pool = new CountingPool(poison: true);
        using var content = Create("[true]");
        await Bodies.TextOf(content);
        using var wire = new MemoryStream();

        content.CopyTo(wire, null, CancellationToken.None);

        Assert.Equal("[true]", Encoding.UTF8.GetString(wire.ToArray()));
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public void Reading_After_Dispose_Through_A_Stream_Opened_Before_Throws_ObjectDisposedException()
    {
        using var pool = new CountingPool();
        var content = Create("[1,2]");

        // HttpContent disposes the stream it handed out; this one stands for a reader that passed its own check before Dispose ran.
        using var stream = new PooledJsonContentStream(content);
        Assert.Equal((byte)'[', stream.ReadByte());
        content.Dispose();
        var rented = pool.Rented;

        Assert.Throws<ObjectDisposedException>(() => stream.ReadByte());
        Assert.Equal(rented, pool.Rented);
        Assert.Equal(0, pool.Outstanding);
    }

    private static async Task<byte[]> BytesOf(HttpContent content)
    {
        using var wire = new MemoryStream();
        await content.CopyToAsync(wire);
        return wire.ToArray();
    }

    private sealed class ThrowingWriteStream : WriteOnlyTestStream
    {
        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default) =>
            throw new IOException("the connection is gone");
    }

    /// <summary>Completes every write at once through one reusable source, as a pooled socket stream does, and counts how often a write's result is taken.</summary>
    private sealed class PooledValueTaskWriteStream : WriteOnlyTestStream, IValueTaskSource
    {
        private ManualResetValueTaskSourceCore<bool> _source;

        public int Results { get; private set; }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Keep(buffer.Span);
            _source.Reset();
            _source.SetResult(true);
            return new ValueTask(this, _source.Version);
        }

        public void GetResult(short token)
        {
            _source.GetResult(token);
            Results++;
        }

        public ValueTaskSourceStatus GetStatus(short token) => _source.GetStatus(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            _source.OnCompleted(continuation, state, token, flags);
    }
}
