using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.IO;
using RefitStj.Tests.Support;
using RefitStj.Writing;

namespace RefitStj.Tests.Writing;

[Collection(nameof(BufferPoolIsolation))]
public sealed class JsonBodyWriterTests
{
    // A write costs what its content and headers cost (264 B for a small body); a Utf8JsonWriter of its own would add
    // 136 B, a JsonBodyWriter with its buffer writer and Utf8JsonWriter 208 B.
    private const long Headroom = 32;

    private static readonly JsonSerializerOptions s_nestedArraysOptions =
        new(StjContentSerializer.CreateDefaultOptions()) { Converters = { new NestedArraysConverter() } };

    private static readonly JsonSerializerOptions s_unnamedValueOptions = new() { Converters = { new UnnamedValueConverter() } };

    private readonly StjContentSerializer _serializer = new();

    [Fact]
    public async Task Large_Bodies_Grow_The_Buffer_And_Come_Out_Whole()
    {
        var people = Enumerable.Range(0, 10_000).Select(i => new Person("name" + i, i)).ToList();

        using var content = _serializer.ToHttpContentSynchronous(people);
        var text = await Bodies.TextOf(content);

        Assert.Equal(JsonSerializer.Serialize(people, _serializer.Options), text);
        Assert.Equal(System.Text.Encoding.UTF8.GetByteCount(text), content.Headers.ContentLength);
    }

    [Fact]
    public async Task A_Failed_Write_Throws_And_The_Next_Write_Is_Clean()
    {
        Assert.Throws<InvalidOperationException>(() => _serializer.ToHttpContentSynchronous(new Exploding()));

        using var content = _serializer.ToHttpContentSynchronous(new Person("after", 1));

        Assert.Equal("""{"name":"after","age":1}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task A_Converter_That_Serializes_A_Body_Inside_A_Body_Gets_Its_Own_Writer()
    {
        var options = new JsonSerializerOptions { Converters = { new NestedBodyConverter(_serializer) } };
        var outer = new StjContentSerializer(options);

        using var content = outer.ToHttpContentSynchronous(new Wrapper { Inner = new Person("in", 2) });

        Assert.Equal("""{"Inner":"{\u0022name\u0022:\u0022in\u0022,\u0022age\u0022:2}"}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Writes_From_Many_Threads_Do_Not_Mix()
    {
        var results = await Task.WhenAll(Enumerable.Range(0, 64).Select(i => Task.Run(async () =>
        {
            using var content = _serializer.ToHttpContentSynchronous(new Person("t" + i, i));
            return (i, text: await Bodies.TextOf(content));
        })));

        foreach (var (i, text) in results)
        {
            Assert.Equal($$"""{"name":"t{{i}}","age":{{i}}}""", text);
        }
    }

    [Fact]
    public void A_Body_That_Outgrows_Its_Own_Length_Settles_Into_One_Buffer_Per_Write()
    {
        // About 2 KB of JSON, nearly all one string, for which the writer wants three bytes a character of room.
        var serializer = new StjContentSerializer(new JsonSerializerOptions());
        var body = new Wrapper { Inner = new Person(new string('a', 1900), 1) };
        using var pool = new CountingPool();
        for (var i = 0; i < 8; i++)
        {
            serializer.ToHttpContentSynchronous(body).Dispose();
        }

        var before = pool.Rented;
        using var content = serializer.ToHttpContentSynchronous(body);

        Assert.Equal(1, pool.Rented - before);
    }

    [Fact]
    public void A_Large_First_Body_Of_A_Type_Makes_The_Next_Start_At_Most_The_Start_Cap()
    {
        var serializer = new StjContentSerializer(new JsonSerializerOptions());
        var people = Enumerable.Range(0, 10_000).Select(i => new Person("name" + i, i)).ToList();
        using var pool = new CountingPool();

        using var first = serializer.ToHttpContentSynchronous(people);
        Assert.True(pool.Rented > 1, "the first body should outgrow the smallest buffer");
        var before = pool.Rented;
        using var second = serializer.ToHttpContentSynchronous(people.Take(1).ToList());

        Assert.Equal(1, pool.Rented - before);
        Assert.Equal(JsonBodyWriter.MaxStartSize, pool.LastRequested);
    }

    [Fact]
    public void A_Small_Body_After_A_Large_One_Starts_Near_Its_Own_Length()
    {
        var serializer = new StjContentSerializer(new JsonSerializerOptions());
        var large = Enumerable.Range(0, 10_000).Select(i => new Person("name" + i, i)).ToList();
        var small = large.Take(20).ToList();
        using var pool = new CountingPool();
        serializer.ToHttpContentSynchronous(large).Dispose();
        serializer.ToHttpContentSynchronous(large).Dispose();
        serializer.ToHttpContentSynchronous(small).Dispose();

        using var content = serializer.ToHttpContentSynchronous(small);

        Assert.InRange(pool.LastRequested, content.Headers.ContentLength!.Value, 4 * content.Headers.ContentLength!.Value);
    }

    [Fact]
    public void A_Small_Body_After_One_Huge_Body_Rents_At_Most_The_Start_Cap_Then_About_Its_Own_Size()
    {
        var serializer = new StjContentSerializer(new JsonSerializerOptions());
        var small = new Wrapper { Inner = new Person("small", 1) };
        var huge = new Wrapper { Inner = new Person(new string('h', 20_000_000), 2) };
        using var pool = new CountingPool();
        serializer.ToHttpContentSynchronous(small).Dispose();
        serializer.ToHttpContentSynchronous(small).Dispose();
        serializer.ToHttpContentSynchronous(huge).Dispose();

        serializer.ToHttpContentSynchronous(small).Dispose();
        Assert.InRange(pool.LastRequested, 1, JsonBodyWriter.MaxStartSize);
        using var content = serializer.ToHttpContentSynchronous(small);

        Assert.InRange(pool.LastRequested, content.Headers.ContentLength!.Value, 256);
    }

    [Theory]
    [InlineData(0, 1955, 8192, 8192)] // a body that grew: the next starts at what it grew to, so it fits in one buffer
    [InlineData(0, 100, 1024, 1024)]
    [InlineData(1955, 1955, 8192, 8192)]
    [InlineData(4096, 1955, 8192, 8192)]
    [InlineData(8192, 1955, 0, 8192)] // kept while within 8x of the body
    [InlineData(8192, 1000, 0, 1000)] // dropped once the body is far smaller
    [InlineData(8000, 1000, 0, 8000)] // still kept at exactly 8x
    [InlineData(196, 300, 0, 300)] // a larger body that fit raises the start to its length
    [InlineData(196, 20_000, 32_768, 32_768)] // at once, not doubling a body at a time (each new size a cold rental)
    [InlineData(16_384, 20_000, 32_768, 32_768)]
    [InlineData(100, 20_000_000, 33_554_432, JsonBodyWriter.MaxStartSize)] // one huge body cannot make the next start huge
    [InlineData(0, 20_000_000, 33_554_432, JsonBodyWriter.MaxStartSize)]
    public void NextSizeHint_Learns_From_Growth_At_Once_And_Never_Passes_The_Start_Cap(int previous, int length, int grownTo, int expected) =>
        Assert.Equal(expected, JsonBodyWriter.NextSizeHint(previous, length, grownTo));

    [Fact]
    public async Task A_MaxDepth_Above_64_Lets_Deeper_Bodies_Be_Written()
    {
        var deep = new StjContentSerializer(new JsonSerializerOptions(StjContentSerializer.CreateDefaultOptions()) { MaxDepth = 100 });
        var body = Nested(80);

        using var content = deep.ToHttpContentSynchronous(body);

        Assert.Equal(new string('[', 80) + "1" + new string(']', 80), await Bodies.TextOf(content));
        Assert.Throws<JsonException>(() => _serializer.ToHttpContentSynchronous(body));
    }

    [Fact]
    public async Task A_Body_That_No_Longer_Serializes_To_Its_Length_Gives_The_Buffer_Back_Before_Throwing()
    {
        using var pool = new CountingPool();
        var body = new List<int> { 1, 2, 3 };
        using var content = _serializer.ToHttpContentSynchronous(body);
        await Bodies.TextOf(content);
        body.Add(4);

        await Assert.ThrowsAsync<InvalidOperationException>(() => Bodies.TextOf(content));

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public void A_Repeated_Write_Allocates_No_More_Than_Its_Content_And_Headers()
    {
        var body = new Person("m", 2);
        var write = AllocatedBy(() => _serializer.ToHttpContentSynchronous(body).Dispose());
        var typeInfo = _serializer.Options.GetTypeInfo(typeof(Person));
        var length = JsonSerializer.SerializeToUtf8Bytes(body, _serializer.Options).Length;
        var content = AllocatedBy(() => new PooledJsonContent(new PooledBytes(BufferPool.Rent(length), length), body, typeInfo).Dispose());

        Assert.True(write <= content + Headroom, $"the write allocated {write} B, its content and headers {content} B");

        static long AllocatedBy(Action action)
        {
            var least = long.MaxValue;
            for (var attempt = 0; attempt < 100; attempt++)
            {
                var before = GC.GetAllocatedBytesForCurrentThread();
                action();
                least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
            }

            return least;
        }
    }

    [Fact]
    public async Task A_Converter_That_Writes_Deeper_Than_The_Default_MaxDepth_Fails_As_System_Text_Json_Does()
    {
        var options = s_nestedArraysOptions;
        var serializer = new StjContentSerializer(options);

        using var content = serializer.ToHttpContentSynchronous(new NestedArrays(64));

        Assert.Equal(JsonSerializer.Serialize(new NestedArrays(64), options), await Bodies.TextOf(content));
        Assert.Throws<JsonException>(() => JsonSerializer.Serialize(new NestedArrays(65), options));
        Assert.Throws<JsonException>(() => serializer.ToHttpContentSynchronous(new NestedArrays(65)));
    }

    [Fact]
    public async Task A_Converter_That_Writes_Invalid_Json_Gets_The_Same_Bytes_As_From_System_Text_Json()
    {
        var options = s_unnamedValueOptions;
        var serializer = new StjContentSerializer(options);

        using var content = serializer.ToHttpContentSynchronous(new UnnamedValue());

        Assert.Equal("{1}", JsonSerializer.Serialize(new UnnamedValue(), options));
        Assert.Equal("{1}", await Bodies.TextOf(content));
    }

    private static object Nested(int depth)
    {
        object value = 1;
        for (var i = 0; i < depth; i++)
        {
            value = new List<object> { value };
        }

        return value;
    }

    private sealed record NestedArrays(int Depth);

    private sealed class UnnamedValue;

    private sealed class NestedArraysConverter : JsonConverter<NestedArrays>
    {
        public override NestedArrays? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, NestedArrays value, JsonSerializerOptions options)
        {
            for (var i = 0; i < value.Depth; i++)
            {
                writer.WriteStartArray();
            }

            for (var i = 0; i < value.Depth; i++)
            {
                writer.WriteEndArray();
            }
        }
    }

    /// <summary>Writes a value with no property name inside an object, which only a writer that skips validation lets through.</summary>
    private sealed class UnnamedValueConverter : JsonConverter<UnnamedValue>
    {
        public override UnnamedValue? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, UnnamedValue value, JsonSerializerOptions options)
        {
            writer.WriteStartObject();
            writer.WriteNumberValue(1);
            writer.WriteEndObject();
        }
    }

    private sealed class Exploding
    {
        public int Value => throw new InvalidOperationException("boom");
    }

    private sealed class Wrapper
    {
        public Person? Inner { get; set; }
    }

    private sealed class NestedBodyConverter(StjContentSerializer inner) : JsonConverter<Person>
    {
        public override Person? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, Person value, JsonSerializerOptions options)
        {
            using var content = inner.ToHttpContentSynchronous(value);
            writer.WriteStringValue(content.ReadAsStringAsync().Result);
        }
    }
}
