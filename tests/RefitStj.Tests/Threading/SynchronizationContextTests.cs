using System.Text;
using Refit;
using RefitStj.Tests.Streaming;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Threading;

/// <summary>
/// Every await in the library resumes off the caller's synchronization context, so an app that blocks on a call from
/// a UI thread cannot deadlock. Each test drives a path whose awaits really suspend, from a thread that has a context.
/// </summary>
public sealed class SynchronizationContextTests
{
    private static readonly byte[] s_people = Encoding.UTF8.GetBytes(
        "[" + string.Join(",", Enumerable.Range(0, 200).Select(i => $$"""{"name":"p{{i}}","age":{{i}}}""")) + "]");

    private readonly PostCountingContext _context = new();

    [Theory]
    [InlineData(null)]
    [InlineData("utf-16")]
    public void Reading_A_Body_That_Arrives_On_Other_Threads_Posts_Nothing_To_The_Callers_Context(string? charset)
    {
        var body = charset is null ? s_people : Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(s_people));
        using var content = new OpenedOnThreadPool(body, charset);
        var serializer = new StjContentSerializer { MaxResponseBodySize = 1_000_000 };
        List<Person>? people = null;

        _context.Run(() => people = serializer.FromHttpContentAsync<List<Person>>(content).GetAwaiter().GetResult());

        Assert.Equal(200, people!.Count);
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

    /// <summary>Content whose body, copied or read as a stream, arrives on thread-pool threads.</summary>
    private sealed class OpenedOnThreadPool : HttpContent
    {
        private readonly byte[] _body;

        public OpenedOnThreadPool(byte[] body, string? charset, string mediaType = "application/json")
        {
            _body = body;
            Headers.TryAddWithoutValidation("Content-Type", charset is null ? mediaType : $"{mediaType}; charset={charset}");
        }

        protected override Task<Stream> CreateContentReadStreamAsync() =>
            Task.Run<Stream>(() => new ThreadPoolStream(_body, chunk: 512));

        // The body arrives in pieces, each written from a thread-pool thread, as a connection's does.
        protected override async Task SerializeToStreamAsync(Stream stream, System.Net.TransportContext? context)
        {
            for (var offset = 0; offset < _body.Length; offset += 512)
            {
                await Task.Delay(1).ConfigureAwait(false);
                await stream.WriteAsync(_body.AsMemory(offset, Math.Min(512, _body.Length - offset))).ConfigureAwait(false);
            }
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
