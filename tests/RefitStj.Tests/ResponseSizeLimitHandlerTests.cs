using System.Net;
using System.Text;
using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

public sealed class ResponseSizeLimitHandlerTests
{
    private const int Limit = 10_000;

    private static readonly byte[] s_body = Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(Enumerable.Range(0, 2000).Select(i => new Person("p" + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions()));

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    public void Limit_Must_Be_Positive(long limit)
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new ResponseSizeLimitHandler(limit));
        Assert.Throws<ArgumentOutOfRangeException>(() => new ResponseSizeLimitHandler(limit, new SocketsHttpHandler()));
    }

    [Fact]
    public void Inner_Handler_Must_Not_Be_Null()
    {
        Assert.Throws<ArgumentNullException>(() => new ResponseSizeLimitHandler(1, null!));
    }

    [Fact]
    public async Task Declared_Length_Over_The_Limit_Fails_Every_Read_Without_Reading_And_Abandons_The_Body()
    {
        var stream = new WatchedStream(s_body);
        using var response = await SendAsync(Declared(stream), HttpStatusCode.Accepted);

        var buffering = await Assert.ThrowsAsync<ResponseTooLargeException>(() => response.Content.LoadIntoBufferAsync());
        var reading = await Assert.ThrowsAsync<ResponseTooLargeException>(() => response.Content.ReadAsStreamAsync());
        var copying = await Assert.ThrowsAsync<ResponseTooLargeException>(() => response.Content.CopyToAsync(Stream.Null));

        Assert.Equal((0, true), (stream.Reads, stream.Disposed));
        Assert.Same(buffering, reading);
        Assert.Same(buffering, copying);
        Assert.Equal((Limit, s_body.Length), (buffering.Limit, buffering.Size));
        Assert.Equal(HttpRequestError.ConfigurationLimitExceeded, buffering.HttpRequestError);
        Assert.Equal(HttpStatusCode.Accepted, buffering.StatusCode);
        Assert.Contains("(ResponseSizeLimitHandler); nothing was read", buffering.Message, StringComparison.Ordinal);
        Assert.False(response.Content.Headers.NonValidated.Contains("Content-Length"));
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
    }

    [Fact]
    public async Task Undeclared_Body_Over_The_Limit_Fails_One_Byte_Past_It_Unwrapped_And_Abandons_The_Body()
    {
        var stream = new WatchedStream(s_body, chunk: 1024);
        using var response = await SendAsync(new StreamContent(stream));

        // Not wrapped by HttpContent, as an IOException would be: Refit passes this very exception on.
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => response.Content.LoadIntoBufferAsync());

        Assert.Equal((Limit, Limit + 1L), (ex.Limit, ex.Size));
        Assert.Equal(Limit + 1, stream.BytesRead);
        Assert.True(stream.Disposed);
        Assert.Contains("reading stopped after 10001 bytes and the response was abandoned", ex.Message, StringComparison.Ordinal);
        Assert.Same(ex, await Assert.ThrowsAsync<ResponseTooLargeException>(() => response.Content.ReadAsStringAsync()));
    }

    [Fact]
    public async Task A_Read_Stream_Fails_As_Soon_As_The_Limit_Is_Passed()
    {
        var stream = new WatchedStream(s_body, chunk: 4096);
        using var response = await SendAsync(new StreamContent(stream));
        var body = await response.Content.ReadAsStreamAsync();
        var buffer = new byte[64 * 1024];
        long total = 0;

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(async () =>
        {
            for (var reads = 0; reads < 100; reads++)
            {
                total += await body.ReadAsync(buffer);
            }
        });

        // The read that passed the limit reached one byte past it and handed nothing over.
        Assert.InRange(total, Limit - 4096, Limit);
        Assert.Equal((Limit + 1L, Limit + 1), (ex.Size, stream.BytesRead));
        Assert.True(stream.Disposed);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task A_Body_Of_Exactly_The_Limit_Passes_Unchanged_With_Its_Headers(bool declared)
    {
        var stream = new WatchedStream(s_body, chunk: 999);
        var content = declared ? Declared(stream) : new StreamContent(stream);
        content.Headers.ContentType = new("application/json") { CharSet = "utf-8" };
        using var response = await SendAsync(content, limit: s_body.Length);

        Assert.Equal(declared ? s_body.Length : null, response.Content.Headers.ContentLength);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        Assert.Equal(s_body, await response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task A_Read_Stream_Streams_Each_Piece_As_It_Arrives()
    {
        var producer = new ProducerStream();
        using var response = await SendAsync(new StreamContent(producer));
        var body = await response.Content.ReadAsStreamAsync();
        var buffer = new byte[1024];

        producer.Write("[{\"id\":1}");
        var first = await body.ReadAsync(buffer).AsTask().WaitAsync(TimeSpan.FromSeconds(10));
        producer.Write("]");
        producer.Complete();
        var second = await body.ReadAsync(buffer.AsMemory(first));

        Assert.Equal("[{\"id\":1}]", Encoding.UTF8.GetString(buffer, 0, first + second));
    }

    [Fact]
    public async Task Once_Buffered_The_Body_Is_Read_In_Place_By_The_Serializer()
    {
        using var response = await SendAsync(new StreamContent(new WatchedStream(s_body, chunk: 4096)), limit: s_body.Length);
        await response.Content.LoadIntoBufferAsync();
        var serializer = new StjContentSerializer();
        await serializer.FromHttpContentAsync<List<Person>>(response.Content);

        // A buffered content's read stream is a MemoryStream over its buffer, which the serializer reads where it lies.
        Assert.Equal(typeof(MemoryStream), (await response.Content.ReadAsStreamAsync()).GetType());
        var typeInfo = serializer.Options.GetTypeInfo(typeof(List<Person>));
        var before = GC.GetAllocatedBytesForCurrentThread();
        JsonSerializer.Deserialize(s_body, typeInfo);
        var floor = GC.GetAllocatedBytesForCurrentThread() - before;
        before = GC.GetAllocatedBytesForCurrentThread();
        var read = serializer.FromHttpContentAsync<List<Person>>(response.Content);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(read.IsCompletedSuccessfully);
        Assert.Equal(2000, (await read)!.Count);
        Assert.True(allocated < floor + 1024, $"{allocated:N0} B allocated reading a {s_body.Length:N0} B body, {floor:N0} B deserializing it");
    }

    [Fact]
    public void The_Synchronous_Send_Limits_The_Body_Too()
    {
        using var invoker = new HttpMessageInvoker(new ResponseSizeLimitHandler(Limit, new SynchronousHandler(new ByteArrayContent(s_body))));
        using var response = invoker.Send(new HttpRequestMessage(HttpMethod.Get, "http://localhost/"), CancellationToken.None);

        var ex = Assert.Throws<ResponseTooLargeException>(() => response.Content.ReadAsStream().CopyTo(Stream.Null));

        Assert.Equal(Limit + 1L, ex.Size);
    }

    [Fact]
    public async Task Disposing_The_Response_Disposes_The_Inner_Body()
    {
        var stream = new WatchedStream(s_body);
        var response = await SendAsync(new StreamContent(stream));

        response.Dispose();

        Assert.True(stream.Disposed);
    }

    private static StreamContent Declared(Stream stream) =>
        new(stream) { Headers = { ContentLength = s_body.Length, ContentType = new("application/json") } };

    private static Task<HttpResponseMessage> SendAsync(HttpContent content, HttpStatusCode status = HttpStatusCode.OK, long limit = Limit)
    {
        var invoker = new HttpMessageInvoker(new ResponseSizeLimitHandler(limit) { InnerHandler = new StubHandler(_ => new HttpResponseMessage(status) { Content = content }) });
        return invoker.SendAsync(new HttpRequestMessage(HttpMethod.Get, "http://localhost/"), CancellationToken.None);
    }

    /// <summary>A handler that answers synchronous sends only.</summary>
    private sealed class SynchronousHandler(HttpContent content) : HttpMessageHandler
    {
        protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken) => new() { Content = content };

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            throw new NotSupportedException();
    }

    /// <summary>A body that trickles in, counting what was read from it and whether it was disposed.</summary>
    private sealed class WatchedStream(byte[] data, int chunk = 4096) : ReadOnlyTestStream
    {
        public int Reads { get; private set; }

        public int BytesRead { get; private set; }

        public bool Disposed { get; private set; }

        public override int Read(Span<byte> buffer)
        {
            ObjectDisposedException.ThrowIf(Disposed, this);
            Reads++;
            var count = Math.Min(Math.Min(chunk, buffer.Length), data.Length - BytesRead);
            data.AsSpan(BytesRead, count).CopyTo(buffer);
            BytesRead += count;
            return count;
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            return Read(buffer.Span);
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }
    }
}
