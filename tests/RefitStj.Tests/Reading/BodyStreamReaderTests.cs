using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Reading;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Reading;

/// <summary>
/// Bodies read through the content's read stream: held whole up to a maximum (set low here), streamed to
/// System.Text.Json past it. Every boundary the reader puts into a body must leave the value as a span read gives it.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class BodyStreamReaderTests
{
    private static readonly JsonTypeInfo<Tricky> s_tricky = (JsonTypeInfo<Tricky>)new StjContentSerializer().Options.GetTypeInfo(typeof(Tricky));

    private static readonly JsonTypeInfo<Person> s_person = (JsonTypeInfo<Person>)new StjContentSerializer().Options.GetTypeInfo(typeof(Person));

    private static readonly JsonTypeInfo<List<Person>> s_people = (JsonTypeInfo<List<Person>>)new StjContentSerializer().Options.GetTypeInfo(typeof(List<Person>));

    // Escapes, a number of every part, and 2-, 3- and 4-byte UTF-8 characters, after a byte order mark.
    private const string TrickyJson = "\uFEFF {\"text\":\"q\\\"uo\\\\te\\u00e9 ü 漢 😀\\ud83d\\ude00\",\"number\":-1.25e-3,\"items\":[\"é\",\"\",\"😀x\"],\"big\":9007199254740993}\n";

    private static readonly Tricky s_expected = new("q\"uo\\teé ü 漢 😀😀", -1.25e-3, ["é", "", "😀x"], 9007199254740993);

    public static TheoryData<string> Charsets => ["utf-8", "utf-16"];

    [Theory]
    [MemberData(nameof(Charsets))]
    public async Task Body_Reads_The_Same_Wherever_The_Held_Part_Ends_And_Streaming_Begins(string charset)
    {
        var body = Encoding.GetEncoding(charset).GetBytes(TrickyJson);

        // One byte a read, so the held part is exactly maxHeld bytes of UTF-8: every offset of the body in turn.
        for (var maxHeld = 1; maxHeld <= body.Length + 1; maxHeld++)
        {
            using var content = Bodies.Streamed(body, $"application/json; charset={charset}", chunk: 1);

            var read = await JsonBodyReader.ReadAsync(content, s_tricky, long.MaxValue, maxHeld, CancellationToken.None);

            Assert.True(s_expected.Equals(read), $"held at most {maxHeld} bytes: {read}");
        }
    }

    [Theory]
    [MemberData(nameof(Charsets))]
    public async Task Body_Reads_The_Same_Wherever_It_Splits_Between_Two_Reads(string charset)
    {
        var body = Encoding.GetEncoding(charset).GetBytes(TrickyJson);

        for (var split = 0; split <= body.Length; split++)
        {
            foreach (var maxHeld in new[] { 8, body.Length * 3 })
            {
                using var content = new StreamContent(new TwoReadsStream(body, split));
                content.Headers.TryAddWithoutValidation("Content-Type", $"application/json; charset={charset}");

                var read = await JsonBodyReader.ReadAsync(content, s_tricky, long.MaxValue, maxHeld, CancellationToken.None);

                Assert.True(s_expected.Equals(read), $"split at {split}, held at most {maxHeld} bytes: {read}");
            }
        }
    }

    [Fact]
    public async Task Body_Of_Declared_Length_Reads_The_Same_Wherever_It_Splits_Between_Two_Writes()
    {
        var body = Encoding.UTF8.GetBytes(TrickyJson);

        for (var split = 0; split <= body.Length; split++)
        {
            var at = split;
            using var content = new CallbackContent(async stream =>
            {
                await stream.WriteAsync(body.AsMemory(0, at));
                await stream.WriteAsync(body.AsMemory(at));
            });
            content.Headers.ContentLength = body.Length;

            var read = await JsonBodyReader.ReadAsync(content, s_tricky, long.MaxValue, CancellationToken.None);

            Assert.True(s_expected.Equals(read), $"split at {split}: {read}");
        }
    }

    [Fact]
    public async Task Body_Longer_Than_The_Held_Maximum_Is_Streamed_Renting_No_More_Than_That()
    {
        var body = JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 3_000).Select(i => new Person("p" + i, i)).ToList(), s_people);
        using var content = new StreamContent(new TrickleStream(body, chunk: 4096));
        using var pool = new CountingPool();

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, maxHeld: 40_000, CancellationToken.None);

        Assert.Equal(3_000, people!.Count);
        Assert.Equal(new Person("p2999", 2999), people[^1]);
        Assert.Equal(40_000, pool.LargestRequested);
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public async Task Body_Up_To_The_Held_Maximum_Is_Held_In_A_Pooled_Array_That_Doubles_From_16_KiB()
    {
        var body = JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 4_000).Select(i => new Person("p" + i, i)).ToList(), s_people);
        Assert.InRange(body.Length, 64 * 1024, 128 * 1024);
        using var content = new StreamContent(new TrickleStream(body, chunk: 4096));
        using var pool = new CountingPool();

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, CancellationToken.None);

        Assert.Equal(4_000, people!.Count);
        Assert.Equal((4, 128 * 1024), (pool.Rented, pool.LargestRequested));
        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData("\uFEFF", 100, "")]
    [InlineData("", 100, "")]
    [InlineData("\uFEFF", 100, """{"name":"late","age":3}""")]
    [InlineData("", 5, """{"name":"late","age":3}""")]
    public async Task Blanks_Longer_Than_The_Held_Maximum_Still_Count_As_Blank(string bom, int blanks, string json)
    {
        var body = Encoding.UTF8.GetBytes(bom + new string(' ', blanks) + "\r\n\t" + json);
        using var content = Bodies.Streamed(body, contentType: null, chunk: 3);

        var read = JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, maxHeld: 16, CancellationToken.None);

        if (json.Length == 0)
        {
            Assert.Contains("holds no JSON value", (await Assert.ThrowsAsync<JsonException>(() => read)).Message, StringComparison.Ordinal);
        }
        else
        {
            Assert.Equal(new Person("late", 3), await read);
        }
    }

    [Fact]
    public async Task Wrong_Shape_Fails_With_The_Same_Message_Path_And_Position_Held_Or_Streamed()
    {
        var body = Encoding.UTF8.GetBytes("""[{"name":"a","age":1},""" + "\n" + """{"name":"b","age":"old"}]""");
        using var streamed = Bodies.Streamed(body, contentType: null, chunk: 5);
        using var held = Bodies.Streamed(body, contentType: null, chunk: 5);

        var fromStream = await Assert.ThrowsAsync<JsonException>(() => JsonBodyReader.ReadAsync(streamed, s_people, long.MaxValue, maxHeld: 8, CancellationToken.None));
        var fromSpan = await Assert.ThrowsAsync<JsonException>(() => JsonBodyReader.ReadAsync(held, s_people, long.MaxValue, CancellationToken.None));

        // Read as it arrived, the body is not at hand to quote: the token is the one thing only the held read names.
        Assert.Equal("The response body does not match List<Person>: the value at $[1].age (line 2, byte 24) cannot be read as int.", fromStream.Message);
        Assert.Equal("The response body does not match List<Person>: the value \"old\" at $[1].age (line 2, byte 19) cannot be read as int.", fromSpan.Message);
        Assert.Equal(("$[1].age", 1L, 23L), (fromStream.Path, fromStream.LineNumber, fromStream.BytePositionInLine));
        Assert.Equal((fromSpan.Path, fromSpan.LineNumber, fromSpan.BytePositionInLine), (fromStream.Path, fromStream.LineNumber, fromStream.BytePositionInLine));
    }

    [Theory]
    [InlineData("utf-8", 60)]
    [InlineData("utf-16", 25)]
    public async Task Streamed_Body_Passing_The_Limit_Fails_One_Byte_Past_It_Counting_The_Bytes_As_Sent(string charset, int people)
    {
        var json = JsonSerializer.Serialize(Enumerable.Range(0, people).Select(i => new Person("p" + i, i)).ToList(), s_people);
        var body = Encoding.GetEncoding(charset).GetBytes(json);

        // Under the limit in UTF-8, over it as UTF-16 on the wire: the limit counts what was sent.
        Assert.True(charset == "utf-8" || Encoding.UTF8.GetByteCount(json) < 1000, $"{json.Length} chars");
        using var content = Bodies.Streamed(body, $"application/json; charset={charset}", chunk: 64);
        using var pool = new CountingPool();

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => JsonBodyReader.ReadAsync(content, s_people, 1000, maxHeld: 256, CancellationToken.None));

        Assert.Equal((1000, 1001), (ex.Limit, ex.Size));
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Theory]
    [InlineData(2)]
    [InlineData(30)]
    public async Task Token_Cancelled_During_A_Streamed_Read_Gives_No_Value(int cancelAt)
    {
        // ~2.4 KB in 64-byte reads: the 2nd read is in the held part, the 30th in the streamed part.
        var body = JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 100).Select(i => new Person("p" + i, i)).ToList(), s_people);
        using var cts = new CancellationTokenSource();
        using var content = new StreamContent(new CancelAfterReadsStream(body, chunk: 64, cts, cancelAt));
        using var pool = new CountingPool();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, maxHeld: 512, cts.Token));

        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Token_Cancelled_While_A_Stream_That_Ignores_It_Ends_Gives_No_Value(bool longerThanHeld)
    {
        var body = Encoding.UTF8.GetBytes("""[{"name":"a","age":1},{"name":"b","age":2}]""");
        using var cts = new CancellationTokenSource();
        using var content = new StreamContent(new CancelOnLastReadStream(body, cts));

        var read = JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, maxHeld: longerThanHeld ? 8 : 1024, cts.Token);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
    }

    [Fact]
    public async Task Chunked_Body_Buffered_By_HttpClient_Is_Read_In_Place_Renting_Nothing()
    {
        var body = JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 50).Select(i => new Person("p" + i, i)).ToList(), s_people);
        using var content = Bodies.Streamed(body, contentType: null, chunk: 1000);
        await content.LoadIntoBufferAsync();
        using var pool = new CountingPool();

        var people = await JsonBodyReader.ReadAsync(content, s_people, long.MaxValue, maxHeld: 16, CancellationToken.None);

        Assert.Equal(50, people!.Count);
        Assert.Equal(0, pool.Rented);
        Assert.False(content.Headers.NonValidated.Contains("Content-Length"));
    }

    [Fact]
    public async Task Buffered_Body_In_Another_Charset_Is_Read_From_Its_Start_And_Its_Stream_Left_Where_It_Was()
    {
        using var content = new ByteArrayContent(Encoding.Unicode.GetBytes("""{"name":"Zoë","age":2}"""));
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-16");
        var stream = await content.ReadAsStreamAsync();
        stream.Position = 7;

        var person = await JsonBodyReader.ReadAsync(content, s_person, long.MaxValue, CancellationToken.None);

        Assert.Equal(new Person("Zoë", 2), person);
        Assert.Equal(7, stream.Position);
    }

    public sealed record Tricky(string Text, double Number, List<string> Items, long Big)
    {
        public bool Equals(Tricky? other) =>
            other is not null && Text == other.Text && Number.Equals(other.Number) && Items.SequenceEqual(other.Items) && Big == other.Big;

        public override int GetHashCode() => HashCode.Combine(Text, Number, Big);
    }

    /// <summary>The body in two asynchronous reads, split at <paramref name="split"/> (an empty first read is skipped).</summary>
    private sealed class TwoReadsStream(byte[] data, int split) : ReadOnlyTestStream
    {
        private int _position;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            var end = _position < split ? split : data.Length;
            var count = Math.Min(buffer.Length, end - _position);
            data.AsSpan(_position, count).CopyTo(buffer.Span);
            _position += count;
            return count;
        }
    }

    /// <summary>Hands out the whole body, then cancels the token as its end is read, and ends without looking at it.</summary>
    private sealed class CancelOnLastReadStream(byte[] data, CancellationTokenSource cts) : ReadOnlyTestStream
    {
        private int _position;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            var count = Math.Min(buffer.Length, data.Length - _position);
            data.AsSpan(_position, count).CopyTo(buffer.Span);
            _position += count;
            if (count == 0)
            {
                await cts.CancelAsync();
            }

            return count;
        }
    }
}
