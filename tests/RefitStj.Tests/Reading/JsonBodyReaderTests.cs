using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Reading;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Reading;

[Collection(nameof(BufferPoolIsolation))]
public sealed class JsonBodyReaderTests
{
    private static readonly JsonTypeInfo<List<Person>> s_people =
        (JsonTypeInfo<List<Person>>)new StjContentSerializer().Options.GetTypeInfo(typeof(List<Person>));

    private static readonly JsonTypeInfo<Person> s_person =
        (JsonTypeInfo<Person>)new StjContentSerializer().Options.GetTypeInfo(typeof(Person));

    private static byte[] PeopleJson(int count) =>
        JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, count).Select(i => new Person("p" + i, i)).ToList(), s_people);

    [Fact]
    public async Task Unbuffered_Body_Larger_Than_The_First_Buffer_Is_Read_Whole()
    {
        var body = PeopleJson(5_000);
        Assert.True(body.Length > 64 * 1024);
        using var content = new StreamContent(new TrickleStream(body, chunk: 8 * 1024));

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None);

        Assert.Equal(5_000, people!.Count);
        Assert.Equal(new Person("p4999", 4999), people[^1]);
    }

    [Fact]
    public async Task Declared_Length_Sizes_The_Buffer_But_The_Body_Decides_The_End()
    {
        var body = PeopleJson(50);
        using var content = new StreamContent(new TrickleStream(body, chunk: 1000));

        // A Content-Length that lies low must not truncate; reading goes on until the stream ends.
        content.Headers.ContentLength = 10;

        Assert.Equal(50, (await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None))!.Count);
    }

    [Fact]
    public async Task A_Content_Length_Over_The_Serializers_Limit_Refuses_Nothing_The_Bytes_Read_Are_Counted()
    {
        // A stale length beside chunked framing, or a decoder's encoded length: the serializer cannot tell it from the body's.
        using var small = new StreamContent(new TrickleStream(Encoding.UTF8.GetBytes("""{"name":"x","age":1}""")));
        small.Headers.ContentLength = 5_000;
        using var large = new StreamContent(new TrickleStream(PeopleJson(200), chunk: 100));
        large.Headers.ContentLength = 5_000;

        Assert.Equal(new Person("x", 1), await JsonBodyReader.ReadAsync(small, s_person, limit: 1_000, CancellationToken.None));
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => JsonBodyReader.ReadAsync(large, s_people, limit: 1_000, CancellationToken.None));
        Assert.Equal(1_000L, ex.Limit);
    }

    [Fact]
    public async Task Hostile_Content_Length_Does_Not_Rent_A_Huge_Buffer_Up_Front()
    {
        using var content = new StreamContent(new TrickleStream(Encoding.UTF8.GetBytes("""{"name":"x","age":1}""")));
        content.Headers.ContentLength = long.MaxValue;

        var before = GC.GetAllocatedBytesForCurrentThread();
        var person = await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        // 20 bytes of a body that promised long.MaxValue, read in a small buffer: the length is a hint to the serializer.
        Assert.Equal(new Person("x", 1), person);
        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 64L * 1024 * 1024);
    }

    public static TheoryData<string> ShortBodyPaths => ["held", "buffered", "streamed", "transcoded", "buffered, streamed", "buffered, transcoded"];

    [Theory]
    [MemberData(nameof(ShortBodyPaths))]
    public async Task Body_Shorter_Than_Its_Content_Length_Reads_As_What_Arrived_On_Every_Path(string path)
    {
        // A decoder that keeps the encoded length, or a stale length beside chunked framing: the serializer sees only the
        // content, so its length is never evidence of loss here (the transport or ResponseSizeLimitHandler tells a cut).
        var arrived = PeopleJson(20);
        var bytes = path.EndsWith("transcoded", StringComparison.Ordinal) ? Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(arrived)) : arrived;
        var declared = bytes.Length + 1000L;
        using var content = new StreamContent(new TrickleStream(bytes, chunk: 100));
        content.Headers.ContentLength = declared;
        content.Headers.ContentType = new("application/json") { CharSet = path.EndsWith("transcoded", StringComparison.Ordinal) ? "utf-16" : "utf-8" };
        if (path.StartsWith("buffered", StringComparison.Ordinal))
        {
            await content.LoadIntoBufferAsync();
        }

        var maxHeld = path.EndsWith("streamed", StringComparison.Ordinal) ? 64 : JsonBodyReader.MaxHeldLength;
        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, maxHeld, CancellationToken.None);

        Assert.Equal(20, people!.Count);
    }

    [Fact]
    public async Task Body_Of_Content_Length_Zero_Reads_As_Default_And_Any_Other_Empty_Body_Fails()
    {
        using var declaredEmpty = new StreamContent(new MemoryStream()) { Headers = { ContentLength = 0 } };
        using var chunkedEmpty = new StreamContent(new TrickleStream([]));

        // No encoded body is 0 bytes long; an empty body without that length may be a compressed stream cut short.
        Assert.Null(await JsonBodyReader.ReadAsync(declaredEmpty, s_person, long.MaxValue, CancellationToken.None));
        await Assert.ThrowsAsync<JsonException>(() => JsonBodyReader.ReadAsync(chunkedEmpty, s_person, long.MaxValue, CancellationToken.None));
    }

    [Fact]
    public async Task In_Memory_Body_Is_Read_From_The_Start_And_Its_Stream_Left_Where_It_Was()
    {
        using var content = Bodies.Json("""{"name":"m","age":2}""");
        var stream = await content.ReadAsStreamAsync();
        stream.Position = 5;

        var person = await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        Assert.Equal(new Person("m", 2), person);
        Assert.Equal(5, stream.Position);
    }

    [Fact]
    public async Task Buffered_Body_Is_Read_Where_HttpClient_Holds_It_Renting_Nothing()
    {
        var body = PeopleJson(50);
        using var content = new StreamContent(new TrickleStream(body, chunk: 1000));
        await content.LoadIntoBufferAsync();
        using var pool = new CountingPool();

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None);

        Assert.Equal(50, people!.Count);
        Assert.Equal(0, pool.Rented);
    }

    [Fact]
    public async Task Buffered_Body_Is_Read_Without_A_Read_Stream_Or_Task_Of_Its_Own()
    {
        var body = Encoding.UTF8.GetBytes("""{"name":"m","age":2}""");
        var floor = AllocatedBy(() => Task.FromResult(JsonSerializer.Deserialize(body, s_person)));

        // A read stream and its task (ReadAsStreamAsync) cost 136 bytes: what a buffered body must not be read through.
        var read = AllocatedBy(() =>
        {
            using var content = Buffered(body);
            var before = GC.GetAllocatedBytesForCurrentThread();
            var task = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);
            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(new Person("m", 2), task.Result);
            return allocated;
        });

        Assert.True(read <= floor, $"the read allocated {read} B, the deserialization and its task {floor} B");

        static long AllocatedBy(Func<object> action)
        {
            var least = long.MaxValue;
            for (var attempt = 0; attempt < 100; attempt++)
            {
                var before = GC.GetAllocatedBytesForCurrentThread();
                var result = action();
                var allocated = result is long measured ? measured : GC.GetAllocatedBytesForCurrentThread() - before;
                least = Math.Min(least, allocated);
            }

            return least;
        }

        static HttpContent Buffered(byte[] body)
        {
            var content = new StreamContent(new MemoryStream(body));
            content.LoadIntoBufferAsync().GetAwaiter().GetResult();
            return content;
        }
    }

    [Fact]
    public async Task Body_Written_In_Pieces_From_A_Reused_Buffer_Is_Copied_Before_Each_Write_Returns()
    {
        var body = PeopleJson(200);
        using var content = new ReusedBufferContent(body, chunk: 100);

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None);

        Assert.Equal(200, people!.Count);
        Assert.Equal(new Person("p199", 199), people[^1]);
    }

    [Fact]
    public async Task Content_That_Reads_Another_Body_Halfway_Through_Its_Own_Gets_Both_Whole()
    {
        var inner = Encoding.UTF8.GetBytes("""{"name":"inner","age":1}""");
        var outer = Encoding.UTF8.GetBytes("""{"name":"outer","age":2}""");
        Person? innerRead = null;
        using var content = new CallbackContent(async stream =>
        {
            await stream.WriteAsync(outer.AsMemory(0, 10));
            using var nested = new ByteArrayContent(inner);
            innerRead = await JsonBodyReader.ReadAsync(nested, s_person, long.MaxValue, CancellationToken.None);
            await stream.WriteAsync(outer.AsMemory(10));
        });

        var outerRead = await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        Assert.Equal(new Person("outer", 2), outerRead);
        Assert.Equal(new Person("inner", 1), innerRead);
    }

    [Fact]
    public async Task Empty_Body_In_Another_Charset_Fails_As_Holding_No_Value()
    {
        using var content = new ByteArrayContent([]);
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=iso-8859-1");

        var ex = await Assert.ThrowsAsync<JsonException>(() => JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None));
        Assert.Contains("holds no JSON value", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Body_Of_Unknown_Length_Passing_The_Limit_Fails_Having_Read_One_Byte_Past_It()
    {
        var stream = new TrickleStream(PeopleJson(200), chunk: 100);
        using var content = new StreamContent(stream);
        using var pool = new CountingPool();

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => JsonBodyReader.ReadAsync(content, s_people, 1000, CancellationToken.None));

        Assert.Equal(1000, ex.Limit);
        Assert.Equal(1001, ex.Size);
        Assert.Equal(11, stream.AsyncReads);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task Body_Of_Declared_Length_Passing_The_Limit_In_Pieces_Fails_Having_Read_No_More_Than_One_Piece_Past_It()
    {
        using var content = new ReusedBufferContent(PeopleJson(200), chunk: 100);
        content.Headers.ContentLength = 900;
        using var pool = new CountingPool();

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => JsonBodyReader.ReadAsync(content, s_people, 1000, CancellationToken.None));

        Assert.Equal((1000, 1100), (ex.Limit, ex.Size));
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task Raw_Content_Length_Zero_As_A_Connection_Adds_It_Reads_As_Default_Before_Reading()
    {
        var stream = new TrickleStream(PeopleJson(50));
        using var content = new StreamContent(stream);
        content.Headers.TryAddWithoutValidation("Content-Length", "0");

        Assert.Null(await JsonBodyReader.ReadAsync(content, s_people, 1000, CancellationToken.None));
        Assert.Equal(0, stream.AsyncReads);
    }

    [Fact]
    public async Task Reading_A_Buffered_Body_Leaves_Its_Headers_As_They_Were()
    {
        using var content = Bodies.Json("""{"name":"m","age":2}""");

        Assert.Equal(new Person("m", 2), await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None));

        // Asking Headers.ContentLength would compute the length and store it as a header: an allocation per response.
        Assert.False(content.Headers.NonValidated.Contains("Content-Length"));
    }

    [Fact]
    public async Task Bad_Buffered_Body_Fails_The_Task_Not_The_Call()
    {
        using var content = Bodies.Json("<html>oops</html>");

        var task = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        Assert.True(task.IsFaulted);
        await Assert.ThrowsAsync<JsonException>(() => task);
    }

    [Fact]
    public async Task Buffered_Body_Over_The_Limit_Fails_The_Task_Not_The_Call()
    {
        using var content = Bodies.Json("""{"name":"m","age":2}""");

        var task = JsonBodyReader.ReadAsync(content, s_person, 4, CancellationToken.None);

        Assert.True(task.IsFaulted);
        Assert.Equal(20, (await Assert.ThrowsAsync<ResponseTooLargeException>(() => task)).Size);
    }

    [Fact]
    public async Task Disposed_Content_Fails_The_Task_Not_The_Call()
    {
        var content = Bodies.Json("""{"name":"m","age":2}""");
        content.Dispose();

        var task = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        Assert.True(task.IsFaulted);
        await Assert.ThrowsAsync<ObjectDisposedException>(() => task);
    }

    [Fact]
    public async Task Cancelled_Token_Cancels_The_Task_For_A_Buffered_Body()
    {
        using var content = Bodies.Json("""{"name":"m","age":2}""");

        var task = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, new CancellationToken(canceled: true));

        Assert.True(task.IsCanceled);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
    }

    [Fact]
    public async Task Cancelled_Token_Reads_Nothing_Of_The_Body()
    {
        var copied = false;
        using var content = new CallbackContent(stream =>
        {
            copied = true;
            return stream.WriteAsync("""{"name":"m","age":2}"""u8.ToArray()).AsTask();
        });
        content.Headers.ContentLength = 20;

        var task = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, new CancellationToken(canceled: true));

        Assert.True(task.IsCanceled);
        Assert.False(copied);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => task);
    }

    [Fact]
    public async Task Body_Declared_At_Exactly_The_Held_Maximum_Is_Copied_From_Its_Pieces_Into_One_Array()
    {
        var body = """{"name":"pieces","age":9}"""u8.ToArray();
        using var content = new CallbackContent(async stream =>
        {
            await stream.WriteAsync(body.AsMemory(0, 10));
            await stream.WriteAsync(body.AsMemory(10));
        });
        content.Headers.ContentLength = body.Length;
        using var pool = new CountingPool();

        var person = await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, maxHeld: body.Length, CancellationToken.None);

        Assert.Equal(new Person("pieces", 9), person);
        Assert.Equal((1, body.Length, 0), (pool.Rented, pool.LastRequested, pool.Outstanding));
    }

    // With a Content-Length the body is copied whole, and HttpContent wraps the IOException: it comes out unwrapped.
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Failing_Stream_Surfaces_Its_IOException_Unchanged(bool declareLength)
    {
        using var content = new StreamContent(new TrickleStream(PeopleJson(10), chunk: 16, failAfter: 32));
        if (declareLength)
        {
            content.Headers.ContentLength = PeopleJson(10).Length;
        }

        var ex = await Assert.ThrowsAsync<IOException>(() => JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None));

        Assert.Equal("The connection was reset.", ex.Message);
    }

    [Fact]
    public async Task A_Copy_Failing_With_An_HttpRequestException_Of_Its_Own_Surfaces_It_Unchanged()
    {
        var failure = new HttpRequestException("The proxy refused the tunnel.");
        using var content = new FailsWith(failure);
        content.Headers.ContentLength = 100;

        Assert.Same(failure, await Assert.ThrowsAsync<HttpRequestException>(() => JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None)));
    }

    [Fact]
    public async Task Truncated_Body_Gives_JsonException_With_Position()
    {
        var body = PeopleJson(3);
        using var content = new StreamContent(new TrickleStream(body[..^5]));

        var ex = await Assert.ThrowsAnyAsync<JsonException>(() => JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None));

        Assert.NotNull(ex.BytePositionInLine);
        Assert.Contains("List", ex.Message, StringComparison.Ordinal);
    }

    private sealed class FailsWith(Exception failure) : HttpContent
    {
        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            await Task.Yield();
            throw failure;
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
