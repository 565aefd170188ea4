using System.Net;
using System.Text;
using Refit;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Threading;

/// <summary>
/// Every await in the library resumes off the caller's synchronization context, so an app that blocks on a call from
/// a UI thread cannot deadlock. Each test drives a path whose awaits really suspend, from a thread that has a context.
/// </summary>
public sealed class SynchronizationContextTests
{
    private readonly PostCountingContext _context = new();

    private static byte[] People(int count) => Encoding.UTF8.GetBytes(
        "[" + string.Join(",", Enumerable.Range(0, count).Select(i => $$"""{"name":"p{{i}}","age":{{i}}}""")) + "]");

    // Every read path: a declared length copied in pieces, and a body of unknown length held whole or (over 1 MiB)
    // streamed, each in UTF-8 or transcoded.
    [Theory]
    [InlineData(null, true, 200)]
    [InlineData(null, false, 200)]
    [InlineData(null, false, 50_000)]
    [InlineData("utf-16", false, 200)]
    [InlineData("utf-16", false, 50_000)]
    public void Reading_A_Body_That_Arrives_On_Other_Threads_Posts_Nothing_To_The_Callers_Context(string? charset, bool declareLength, int count)
    {
        var utf8 = People(count);
        var body = charset is null ? utf8 : Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(utf8));
        using var content = new OpenedOnThreadPool(body, charset, chunk: count > 1000 ? 64 * 1024 : 512);
        if (declareLength)
        {
            content.Headers.ContentLength = body.Length;
        }

        var serializer = new StjContentSerializer { MaxResponseBodySize = 10_000_000 };
        List<Person>? people = null;

        _context.Run(() => people = serializer.FromHttpContentAsync<List<Person>>(content).GetAwaiter().GetResult());

        Assert.Equal(count, people!.Count);
        Assert.Equal(0, _context.Posts);
    }

    // The read stream handed over at once and every await before the one under test ending at once: each await of the
    // read path is then reached on the caller's thread (a body held whole, transcoded, or streamed past 1 MiB).
    [Theory]
    [InlineData(null, 200, 0)]
    [InlineData("utf-16", 200, 0)]
    [InlineData(null, 60_000, 1024 * 1024)]
    [InlineData("utf-16", 60_000, 5 * 512 * 1024)]
    [InlineData("utf-16", 200, 0, true)]
    public void Reading_A_Stream_Whose_Reads_End_On_Other_Threads_Posts_Nothing_To_The_Callers_Context(string? charset, int count, int syncBytes, bool declareLength = false)
    {
        var utf8 = People(count);
        var body = charset is null ? utf8 : Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(utf8));
        using var content = new StreamContent(new ThreadPoolStream(body, chunk: 64 * 1024, syncBytes));
        content.Headers.TryAddWithoutValidation("Content-Type", charset is null ? "application/json" : $"application/json; charset={charset}");
        if (declareLength)
        {
            content.Headers.ContentLength = body.Length;
        }

        List<Person>? people = null;

        _context.Run(() => people = new StjContentSerializer().FromHttpContentAsync<List<Person>>(content).GetAwaiter().GetResult());

        Assert.Equal(count, people!.Count);
        Assert.Equal(0, _context.Posts);
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray)]
    [InlineData(StreamingContentFormat.JsonLines)]
    [InlineData(StreamingContentFormat.ServerSentEvents)]
    public void Streaming_Items_That_Arrive_On_Other_Threads_Posts_Nothing_To_The_Callers_Context(StreamingContentFormat format)
    {
        var items = Enumerable.Range(0, 50).Select(i => $$"""{"id":{{i}}}""").ToList();
        var (body, mediaType) = format switch
        {
            StreamingContentFormat.JsonArray => ("[" + string.Join(",", items) + "]", "application/json"),
            StreamingContentFormat.JsonLines => (string.Concat(items.Select(item => item + "\n")), "application/x-ndjson"),
            _ => (string.Concat(items.Select(item => $"data: {item}\n\n")), "text/event-stream"),
        };
        using var content = new OpenedOnThreadPool(Encoding.UTF8.GetBytes(body), charset: null, mediaType);
        var serializer = new StjContentSerializer { MaxResponseBodySize = 1_000_000 };
        var ids = new List<int>();

        _context.Run(() =>
        {
            var enumerator = serializer.FromHttpContentAsAsyncEnumerable<Tick>(content).GetAsyncEnumerator();
            while (enumerator.MoveNextAsync().AsTask().GetAwaiter().GetResult())
            {
                ids.Add(enumerator.Current!.Id);
            }

            enumerator.DisposeAsync().AsTask().GetAwaiter().GetResult();
        });

        Assert.Equal(Enumerable.Range(0, 50), ids);
        Assert.Equal(0, _context.Posts);
    }

    // Behind the limit handler, one step of the inner body ends on another thread (opening, reading or closing its
    // stream), every step before it at once (the read that finds the end too), so that the handler's await of that step
    // is reached on the caller's thread.
    [Theory]
    [InlineData(true, false, false)]
    [InlineData(false, true, false)]
    [InlineData(false, false, true)]
    public void Copying_A_Body_Behind_The_Limit_Handler_Posts_Nothing_To_The_Callers_Context(bool openLater, bool readLater, bool closeLater)
    {
        var body = People(200);
        var stream = new ThreadPoolStream(body, chunk: 512, syncBytes: readLater ? 0 : body.Length + 1, closeLater);
        using var content = LimitedContent.Over(new OpenedLater(stream, openLater), limit: 1_000_000);
        using var copy = new MemoryStream();

        _context.Run(() => content.CopyToAsync(copy).GetAwaiter().GetResult());

        Assert.Equal(body, copy.ToArray());
        Assert.Equal(0, _context.Posts);
    }

    [Fact]
    public void Sending_Through_The_Limit_Handler_To_A_Server_That_Answers_On_Another_Thread_Posts_Nothing_To_The_Callers_Context()
    {
        using var invoker = new HttpMessageInvoker(new ResponseSizeLimitHandler(1_000_000, new AnswersOnThreadPool()));
        using var request = new HttpRequestMessage(HttpMethod.Get, "http://localhost/");
        HttpResponseMessage? response = null;

        _context.Run(() => response = invoker.SendAsync(request, CancellationToken.None).GetAwaiter().GetResult());

        using (response)
        {
            Assert.Equal(HttpStatusCode.OK, response!.StatusCode);
        }

        Assert.Equal(0, _context.Posts);
    }

    // Over 1 MiB the body is held in several pooled segments, each written with its own await.
    [Fact]
    public void Writing_A_Request_Body_Of_Several_Segments_To_A_Slow_Stream_Posts_Nothing_To_The_Callers_Context()
    {
        var people = Enumerable.Range(0, 40_000).Select(i => new Person("person " + i, i)).ToList();
        using var content = new StjContentSerializer().ToHttpContent(people);
        using var sink = new ThreadPoolSink();

        _context.Run(() => content.CopyToAsync(sink).GetAwaiter().GetResult());

        Assert.True(sink.Length > 1024 * 1024, $"{sink.Length} bytes: one segment");
        Assert.Equal(people, System.Text.Json.JsonSerializer.Deserialize<List<Person>>(sink.ToArray(), StjContentSerializer.CreateDefaultOptions()));
        Assert.Equal(0, _context.Posts);
    }

    [Fact]
    public void Writing_A_Request_Body_To_A_Slow_Stream_Posts_Nothing_To_The_Callers_Context()
    {
        using var content = new StjContentSerializer().ToHttpContent(new Person("Ada", 36));
        using var first = new ThreadPoolSink();
        using var again = new ThreadPoolSink();

        // The first copy writes the pooled array; the second serializes again, the array having gone back.
        _context.Run(() =>
        {
            content.CopyToAsync(first).GetAwaiter().GetResult();
            content.CopyToAsync(again).GetAwaiter().GetResult();
        });

        Assert.Equal("""{"name":"Ada","age":36}""", Encoding.UTF8.GetString(first.ToArray()));
        Assert.Equal(first.ToArray(), again.ToArray());
        Assert.Equal(0, _context.Posts);
    }

    private sealed class AnswersOnThreadPool : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            Task.Run(() => new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent("{}"u8.ToArray()) }, cancellationToken);
    }

    /// <summary>Content that hands out <paramref name="stream"/> at once, or (<paramref name="openLater"/>) from a thread-pool thread.</summary>
    private sealed class OpenedLater(Stream stream, bool openLater) : HttpContent
    {
        protected override Task<Stream> CreateContentReadStreamAsync() =>
            openLater ? Task.Run(() => stream) : Task.FromResult(stream);

        protected override Task SerializeToStreamAsync(Stream target, System.Net.TransportContext? context) =>
            throw new InvalidOperationException("The limit handler reads its inner content as a stream.");

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }

    /// <summary>Content whose body, copied or read as a stream, arrives on thread-pool threads.</summary>
    private sealed class OpenedOnThreadPool : HttpContent
    {
        private readonly byte[] _body;
        private readonly int _chunk;

        public OpenedOnThreadPool(byte[] body, string? charset, string mediaType = "application/json", int chunk = 512)
        {
            _body = body;
            _chunk = chunk;
            Headers.TryAddWithoutValidation("Content-Type", charset is null ? mediaType : $"{mediaType}; charset={charset}");
        }

        protected override Task<Stream> CreateContentReadStreamAsync() =>
            Task.Run<Stream>(() => new ThreadPoolStream(_body, _chunk));

        // The body arrives in pieces, each written from a thread-pool thread, as a connection's does.
        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            for (var offset = 0; offset < _body.Length; offset += _chunk)
            {
                await Task.Delay(1).ConfigureAwait(false);
                await stream.WriteAsync(_body.AsMemory(offset, Math.Min(_chunk, _body.Length - offset))).ConfigureAwait(false);
            }
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
