using System.Reflection;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

public sealed class StjContentSerializerTests
{
    private readonly StjContentSerializer _serializer = new();

    [Fact]
    public void Implements_Every_Capability_Interface_Of_The_Contract()
    {
        Assert.IsAssignableFrom<IHttpContentSerializer>(_serializer);
        Assert.IsAssignableFrom<ISynchronousContentSerializer>(_serializer);
        Assert.IsAssignableFrom<ISynchronousContentDeserializer>(_serializer);
    }

    [Fact]
    public void Default_Constructor_Shares_One_Frozen_Options_Instance()
    {
        var other = new StjContentSerializer();

        Assert.Same(_serializer.Options, other.Options);
        Assert.True(_serializer.Options.IsReadOnly);
        Assert.NotNull(_serializer.Options.TypeInfoResolver);
    }

    [Fact]
    public void Options_Constructor_Freezes_And_Keeps_The_Given_Instance()
    {
        var options = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower };

        var serializer = new StjContentSerializer(options);

        Assert.Same(options, serializer.Options);
        Assert.True(options.IsReadOnly);
        Assert.Throws<InvalidOperationException>(() => options.WriteIndented = true);
    }

    [Fact]
    public void Options_Constructor_Accepts_Options_That_Are_Already_Read_Only()
    {
        var frozen = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        frozen.MakeReadOnly(populateMissingResolver: true);

        var serializer = new StjContentSerializer(frozen);

        Assert.Same(frozen, serializer.Options);
    }

    [Fact]
    public void Options_Constructor_Throws_For_Null()
    {
        var ex = Assert.Throws<ArgumentNullException>(() => new StjContentSerializer((JsonSerializerOptions)null!));

        Assert.Equal("options", ex.ParamName);
    }

    [Fact]
    public async Task Custom_Options_Shape_The_Wire_Format()
    {
        var serializer = new StjContentSerializer(new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower, WriteIndented = true });

        using var content = serializer.ToHttpContent(new Person("Di", 3));

        Assert.Equal("{\n  \"name\": \"Di\",\n  \"age\": 3\n}", await Bodies.TextOf(content));
    }

    [Fact]
    public void Two_Serializers_With_Different_Options_Do_Not_Share_Type_Metadata()
    {
        var snake = new StjContentSerializer(new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseUpper });

        // Alternate, so each one's cache is hit after the other's.
        for (var i = 0; i < 3; i++)
        {
            Assert.Equal(5, _serializer.DeserializeFromString<Person>("""{"name":"x","age":5}""")!.Age);
            Assert.Equal(6, snake.DeserializeFromString<Person>("""{"NAME":"x","AGE":6}""")!.Age);
        }
    }

    [Fact]
    public void DeserializeFromString_Reads_Json()
    {
        Assert.Equal(new Person("Al", 30), _serializer.DeserializeFromString<Person>("""{"name":"Al","age":30}"""));
    }

    [Theory]
    [InlineData("")]
    [InlineData("  \r\n\t ")]
    [InlineData("\uFEFF")]
    public void DeserializeFromString_Fails_For_Empty_Or_Whitespace_As_Refits_Serializer_Does(string text)
    {
        Assert.Throws<JsonException>(() => RefitControl.Serializer().DeserializeFromString<Person>(text.TrimStart('\uFEFF')));
        Assert.Contains("holds no JSON value", Assert.Throws<JsonException>(() => _serializer.DeserializeFromString<Person>(text)).Message, StringComparison.Ordinal);
        Assert.Throws<JsonException>(() => _serializer.DeserializeFromString<int>(text));
    }

    [Fact]
    public void DeserializeFromString_Skips_A_Byte_Order_Mark()
    {
        Assert.Equal(3, _serializer.DeserializeFromString<Person>("\uFEFF{\"name\":\"b\",\"age\":3}")!.Age);
    }

    [Fact]
    public void DeserializeFromString_Throws_JsonException_Naming_The_Type_For_Html()
    {
        var ex = Assert.Throws<JsonException>(() => _serializer.DeserializeFromString<Person>("<html><body>Bad gateway</body></html>"));

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: it has '<html><body>Bad gateway</body></html>' at line 1, byte 1.", ex.Message);
        Assert.IsType<JsonException>(ex.InnerException, exactMatch: false);
    }

    [Fact]
    public void DeserializeFromString_Throws_For_Null()
    {
        Assert.Equal("content", Assert.Throws<ArgumentNullException>(() => _serializer.DeserializeFromString<Person>(null!)).ParamName);
    }

    [Fact]
    public async Task FromHttpContentAsync_Throws_For_Null()
    {
        var ex = await Assert.ThrowsAsync<ArgumentNullException>(() => _serializer.FromHttpContentAsync<Person>(null!));

        Assert.Equal("content", ex.ParamName);
    }

#if !REFIT17 // Refit 17 removed GetFieldNameForProperty from IHttpContentSerializer.
    [Fact]
    public void GetFieldNameForProperty_Returns_JsonPropertyName()
    {
        Assert.Equal("sku_code", _serializer.GetFieldNameForProperty(typeof(Order).GetProperty(nameof(Order.Sku))!));
    }

    [Fact]
    public void GetFieldNameForProperty_Returns_Null_Without_The_Attribute_Not_A_Policy_Name()
    {
        Assert.Null(_serializer.GetFieldNameForProperty(typeof(Order).GetProperty(nameof(Order.CustomerName))!));
    }

    [Fact]
    public void GetFieldNameForProperty_Sees_An_Inherited_Attribute()
    {
        Assert.Equal("base_name", _serializer.GetFieldNameForProperty(typeof(Derived).GetProperty(nameof(Derived.Name))!));
    }

    [Fact]
    public void GetFieldNameForProperty_Throws_For_Null()
    {
        Assert.Equal("propertyInfo", Assert.Throws<ArgumentNullException>(() => _serializer.GetFieldNameForProperty(null!)).ParamName);
    }

#endif

    [Fact]
    public async Task ToHttpContentSynchronous_Writes_A_Length_Known_Body()
    {
        using var content = _serializer.ToHttpContentSynchronous(new Person("Ed", 5));

        Assert.Equal("""{"name":"Ed","age":5}""", await Bodies.TextOf(content));
        Assert.Equal(21, content.Headers.ContentLength);
        Assert.Equal("application/json; charset=utf-8", content.Headers.ContentType!.ToString());
    }

    [Fact]
    public async Task ToStreamingHttpContent_Writes_When_Sent_With_No_Length()
    {
        var person = new Person("Fi", 6);
        using var content = _serializer.ToStreamingHttpContent(person);

        Assert.Null(content.Headers.ContentLength);
        Assert.Equal("application/json; charset=utf-8", content.Headers.ContentType!.ToString());
        Assert.Equal("""{"name":"Fi","age":6}""", await Bodies.TextOf(content));
        Assert.Equal("""{"name":"Fi","age":6}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task ToStreamingHttpContent_Writes_Interface_Bodies_By_Runtime_Type()
    {
        using var content = _serializer.ToStreamingHttpContent<IShape>(new Circle { Radius = 2 });

        Assert.Equal("""{"kind":"circle","radius":2}""", await Bodies.TextOf(content));
    }

    [Fact]
    public void ToStreamingHttpContent_Supports_Synchronous_Copy()
    {
        using var content = _serializer.ToStreamingHttpContent(new Person("Gu", 7));
        using var wire = new MemoryStream();

        content.CopyTo(wire, null, CancellationToken.None);

        Assert.Equal("""{"name":"Gu","age":7}""", Encoding.UTF8.GetString(wire.ToArray()));
    }

    [Fact]
    public async Task ToStreamingHttpContent_Does_Not_Buffer_The_Whole_Body()
    {
        var big = Enumerable.Range(0, 20_000).Select(i => new Person("n" + i, i)).ToList();
        using var content = _serializer.ToStreamingHttpContent(big);
        using var wire = new WriteCountingStream();

        await content.CopyToAsync(wire);

        // System.Text.Json flushes to the stream each time its buffer nears full: no write holds more than that buffer,
        // so a body is never gathered first (whole, or in larger pieces), and every byte goes out in such writes.
        var buffer = _serializer.Options.DefaultBufferSize;
        Assert.True(wire.LargestWrite <= buffer, $"largest write {wire.LargestWrite} of a {buffer}-byte buffer");
        Assert.True(wire.Writes >= wire.Length / buffer, $"{wire.Writes} writes of {wire.Length} bytes");
    }

    [Fact]
    public async Task Null_Under_An_Interface_Or_Object_Type_Is_Written_As_Json_Null()
    {
        using var streamedShape = _serializer.ToStreamingHttpContent<IShape?>(null);
        using var streamedObject = _serializer.ToStreamingHttpContent<object?>(null);
        using var bufferedShape = _serializer.ToHttpContent<IShape?>(null);
        using var bufferedObject = _serializer.ToHttpContent<object?>(null);

        Assert.Equal("null", await Bodies.TextOf(streamedShape));
        Assert.Equal("null", await Bodies.TextOf(streamedObject));
        Assert.Equal("null", await Bodies.TextOf(bufferedShape));
        Assert.Equal("null", await Bodies.TextOf(bufferedObject));
    }

    [Fact]
    public async Task A_Derived_Instance_Under_A_Concrete_Declared_Type_Is_Written_As_The_Declared_Type()
    {
        var pet = new Cat { Name = "Tom", Lives = 9 };

        using var streamed = _serializer.ToStreamingHttpContent<Pet>(pet);
        using var buffered = _serializer.ToHttpContent<Pet>(pet);

        Assert.Equal("""{"name":"Tom"}""", await Bodies.TextOf(streamed));
        Assert.Equal("""{"name":"Tom"}""", await Bodies.TextOf(buffered));
    }

    [Fact]
    public async Task The_Response_Stream_Stays_Open_After_A_Non_Utf8_Body_Is_Read()
    {
        var inner = new MemoryStream(Encoding.Unicode.GetBytes("""{"name":"Ué","age":4}"""));
        using var content = new StreamContent(inner);
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-16");

        var person = await _serializer.FromHttpContentAsync<Person>(content);

        Assert.Equal(new Person("Ué", 4), person);
        Assert.True(inner.CanRead, "the transcoding reader closed the content's stream");
    }

    [Fact]
    public async Task A_Token_Cancelled_While_The_Body_Is_Still_Arriving_Cancels_The_Read()
    {
        using var cts = new CancellationTokenSource();
        using var content = new SlowlyWrittenContent("""{"name":"Al","age":1}"""u8.ToArray(), cts);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => _serializer.FromHttpContentAsync<Person>(content, cts.Token));
        Assert.Equal(new Person("Al", 1), await _serializer.FromHttpContentAsync<Person>(new SlowlyWrittenContent("""{"name":"Al","age":1}"""u8.ToArray(), null)));
    }

    // With a Content-Length the body is copied out of the content; without one it is read through its read stream.
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void A_Token_Cancelled_During_A_Copy_That_Ends_At_Once_Cancels_The_Read(bool declareLength)
    {
        using var cts = new CancellationTokenSource();
        using var content = new CallbackContent(stream =>
        {
            cts.Cancel();
            return stream.WriteAsync("""{"name":"Al","age":1}"""u8.ToArray()).AsTask();
        });
        content.Headers.ContentLength = declareLength ? 21 : null;

        var read = _serializer.FromHttpContentAsync<Person>(content, cts.Token);

        Assert.True(read.IsCanceled);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_Token_Cancelled_While_The_Copy_Is_Pending_Cancels_The_Read(bool declareLength)
    {
        using var cts = new CancellationTokenSource();
        var gate = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var content = new CallbackContent(async stream =>
        {
            await gate.Task;
            await stream.WriteAsync("""{"name":"Al","age":1}"""u8.ToArray());
        });
        content.Headers.ContentLength = declareLength ? 21 : null;

        var read = _serializer.FromHttpContentAsync<Person>(content, cts.Token);
        Assert.False(read.IsCompleted);
        cts.Cancel();
        gate.SetResult();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
    }

    /// <summary>Writes its whole body, but only asynchronously, cancelling <c>cancelWhileWriting</c> on the way (it ignores the token itself).</summary>
    private sealed class SlowlyWrittenContent(byte[] body, CancellationTokenSource? cancelWhileWriting) : HttpContent
    {
        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            await Task.Yield();
            cancelWhileWriting?.Cancel();
            await stream.WriteAsync(body);
        }

        protected override bool TryComputeLength(out long length)
        {
            length = body.Length;
            return true;
        }
    }

    private class Pet
    {
        public string? Name { get; set; }
    }

    private sealed class Cat : Pet
    {
        public int Lives { get; set; }
    }

    private class Base
    {
        [JsonPropertyName("base_name")]
        public virtual string? Name { get; set; }
    }

    private sealed class Derived : Base
    {
        public override string? Name { get; set; }
    }

    private sealed class WriteCountingStream : MemoryStream
    {
        public int Writes { get; private set; }

        public int LargestWrite { get; private set; }

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Writes++;
            LargestWrite = Math.Max(LargestWrite, buffer.Length);
            return base.WriteAsync(buffer, cancellationToken);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }
}
