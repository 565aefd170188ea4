using System.Collections.Concurrent;
using System.IO.Compression;
using System.Net;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// Load, soak and concurrency tests run alone: they measure the heap and time, and their 64 connections and thousands of
/// calls would disturb the heap measurements of tests running beside them (and be disturbed by them).
/// </summary>
[CollectionDefinition(nameof(LoadTestsRunAlone), DisableParallelization = true)]
public sealed class LoadTestsRunAlone;

/// <summary>
/// The serializer over real sockets (Kestrel on 127.0.0.1), under load, over long runs and shared by many threads.
/// Every loop is bounded in count and, through a <see cref="CancellationTokenSource"/>, in time.
/// </summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed partial class SerializerLoadTests(ITestOutputHelper output)
{
    private const string JsonUtf8 = "application/json; charset=utf-8";

    // Independent of the library: what a server would use to read the requests and write the responses. Non-ASCII text
    // goes on the wire as raw UTF-8, so chunk boundaries can fall inside a character.
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private static readonly TimeSpan s_callTimeout = TimeSpan.FromSeconds(20);

    // The server checks 16's wire (string enum names); on 17 the options that keep it, as an app keeping 16's wire runs.
#if REFIT17
    private readonly StjContentSerializer _serializer = Refit16Wire.Serializer();
#else
    private readonly StjContentSerializer _serializer = new();
#endif

    // ---- 1. Content-Length and chunked bodies from a real server ------------------------------------------------------

    [Theory]
    [InlineData(false, false)]
    [InlineData(false, true)]
    [InlineData(true, false)]
    [InlineData(true, true)]
    public async Task Loopback_Response_With_Content_Length_Or_Chunked_Is_Read_Whole(bool chunked, bool loadIntoBuffer)
    {
        // ~100 KB: many socket reads, and well past the 16 KiB first buffer a chunked body starts with.
        var people = People(2_000);
        var body = JsonSerializer.SerializeToUtf8Bytes(people, s_web);
        Assert.True(body.Length > 64 * 1024, $"{body.Length} bytes");
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = JsonUtf8;
            await WriteBodyAsync(context.Response, body, chunked: context.Request.Path == "/chunked", context.RequestAborted);
        });
        using var client = server.CreateClient();
        using var cts = new CancellationTokenSource(s_callTimeout);

        using var response = await client.GetAsync(chunked ? "chunked" : "fixed", HttpCompletionOption.ResponseHeadersRead, cts.Token);
        response.EnsureSuccessStatusCode();
        Assert.Equal(chunked ? null : (long)body.Length, response.Content.Headers.ContentLength);
        Assert.Equal(chunked, response.Headers.TransferEncodingChunked == true);
        if (loadIntoBuffer)
        {
            await response.Content.LoadIntoBufferAsync();
        }

        var read = await _serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token);

        Assert.Equal(people, read);
    }

    [Theory]
    [InlineData(false, "application/json")]
    [InlineData(true, "application/json")]
    [InlineData(false, "application/x-ndjson")]
    [InlineData(true, "application/x-ndjson")]
    [InlineData(false, "text/event-stream")]
    [InlineData(true, "text/event-stream")]
    public async Task Loopback_Response_Streamed_Item_By_Item_With_Content_Length_Or_Chunked_Yields_Every_Item(bool chunked, string mediaType)
    {
        var people = People(2_000);
        var items = people.Select(p => JsonSerializer.Serialize(p, s_web));
        var text = mediaType switch
        {
            "application/json" => "[" + string.Join(",", items) + "]",
            "application/x-ndjson" => string.Concat(items.Select(item => item + "\n")),
            _ => string.Concat(items.Select(item => "data: " + item + "\n\n")),
        };
        var body = Encoding.UTF8.GetBytes(text);
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = mediaType;
            await WriteBodyAsync(context.Response, body, chunked, context.RequestAborted);
        });
        using var client = server.CreateClient();
        using var cts = new CancellationTokenSource(s_callTimeout);
        using var response = await client.GetAsync("people", HttpCompletionOption.ResponseHeadersRead, cts.Token);
        response.EnsureSuccessStatusCode();
        Assert.Equal(chunked ? null : (long)body.Length, response.Content.Headers.ContentLength);

        var read = new List<Person>();
        await foreach (var person in _serializer.FromHttpContentAsAsyncEnumerable<Person>(response.Content, cts.Token))
        {
            read.Add(person!);
            Assert.True(read.Count <= people.Count, "more items than were sent");
        }

        Assert.Equal(people, read);
    }

    // ---- 2. Compressed responses ---------------------------------------------------------------------------------------

    [Theory]
    [InlineData("gzip", false)]
    [InlineData("gzip", true)]
    [InlineData("br", false)]
    [InlineData("br", true)]
    public async Task Response_Compressed_By_The_Server_Is_Decompressed_By_The_Handler_And_Read(string encoding, bool loadIntoBuffer)
    {
        var people = People(2_000);
        var body = JsonSerializer.SerializeToUtf8Bytes(people, s_web);
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = JsonUtf8;
            context.Response.Headers.ContentEncoding = encoding;
            var compressor = encoding == "gzip"
                ? (Stream)new GZipStream(context.Response.Body, CompressionLevel.Fastest, leaveOpen: true)
                : new BrotliStream(context.Response.Body, CompressionLevel.Fastest, leaveOpen: true);
            await using (compressor)
            {
                // Flushed in pieces, so the compressed stream arrives as several chunks that end mid-value.
                foreach (var (offset, length) in Pieces(body))
                {
                    await compressor.WriteAsync(body.AsMemory(offset, length), context.RequestAborted);
                    await compressor.FlushAsync(context.RequestAborted);
                }
            }
        });
        using var cts = new CancellationTokenSource(s_callTimeout);

        // The server really compresses: without decompression the wire bytes are small and not JSON.
        using (var raw = server.CreateClient())
        using (var rawResponse = await raw.GetAsync("people", cts.Token))
        {
            Assert.Equal(encoding, Assert.Single(rawResponse.Content.Headers.ContentEncoding));
            var wire = await rawResponse.Content.ReadAsByteArrayAsync(cts.Token);
            Assert.True(wire.Length < body.Length / 2, $"{wire.Length} compressed bytes for {body.Length}");
            Assert.NotEqual((byte)'[', wire[0]);
        }

        using var client = server.CreateClient(new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.All });
        using var response = await client.GetAsync("people", HttpCompletionOption.ResponseHeadersRead, cts.Token);
        response.EnsureSuccessStatusCode();

        // The handler decompressed and removed the encoding (and any length) from the content headers.
        Assert.Empty(response.Content.Headers.ContentEncoding);
        Assert.Null(response.Content.Headers.ContentLength);
        if (loadIntoBuffer)
        {
            await response.Content.LoadIntoBufferAsync();
        }

        var read = await _serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token);

        Assert.Equal(people, read);
    }

    // ---- 3. Keep-alive -------------------------------------------------------------------------------------------------

    [Fact]
    public async Task Sequential_Requests_Through_One_Client_Reuse_One_Connection_And_Read_Every_Body()
    {
        const int count = 30;
        var connections = new ConcurrentQueue<string>();
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            connections.Enqueue(context.Connection.Id);
            var person = await JsonSerializer.DeserializeAsync<Person>(context.Request.Body, s_web, context.RequestAborted);
            var reply = JsonSerializer.SerializeToUtf8Bytes(Enumerable.Range(0, 1_000).Select(i => person! with { Age = person.Age + i }).ToList(), s_web);
            context.Response.ContentType = JsonUtf8;

            // Alternate the framing: a connection is reusable after either only if the client read the body to its end.
            await WriteBodyAsync(context.Response, reply, chunked: person!.Age % 2 != 0, context.RequestAborted);
        });

        // No draining on dispose: the connection goes back to the pool only if the serializer consumed the whole body
        // (for a chunked body, up to its terminating chunk), so a reader that stops at the end of the JSON value, or
        // leaves the stream unread, shows up as a second connection. The bodies (~25 KB) are far larger than the
        // connection's read buffer, which the handler would otherwise drain for free. (Checked: reading only the first
        // 100 bytes of each body gives 30 connections.)
        using var client = server.CreateClient(new SocketsHttpHandler { MaxResponseDrainSize = 0 });
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(30));

        for (var i = 0; i < count; i++)
        {
            using var content = _serializer.ToHttpContent(new Person($"P{i}", i));
            using var request = new HttpRequestMessage(HttpMethod.Post, "people") { Content = content };
            using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cts.Token);
            response.EnsureSuccessStatusCode();

            var people = await _serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token);

            Assert.Equal(Enumerable.Range(0, 1_000).Select(k => new Person($"P{i}", i + k)), people);
        }

        Assert.Equal(count, connections.Count);
        Assert.Single(connections.Distinct());
    }

    // ---- 4. Early disconnect -------------------------------------------------------------------------------------------

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Server_Aborting_Halfway_Through_A_Body_Fails_With_An_IO_Error_Not_JsonException_Nor_A_Hang(bool chunked)
    {
        var body = JsonSerializer.SerializeToUtf8Bytes(People(500), s_web);
        var headersReceived = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            context.Response.ContentType = JsonUtf8;
            if (!chunked)
            {
                // The full length is promised; only half is ever sent.
                context.Response.ContentLength = body.Length;
            }

            await context.Response.Body.WriteAsync(body.AsMemory(0, body.Length / 2), context.RequestAborted);
            await context.Response.Body.FlushAsync(context.RequestAborted);

            // Kestrel's abort resets the connection, and a reset discards what the client has not read yet: wait until
            // the client has the headers, so it is the body read (not the send) that meets the dropped connection.
            await headersReceived.Task.WaitAsync(TimeSpan.FromSeconds(10), context.RequestAborted);
            context.Abort();
        });
        using var client = server.CreateClient();
        using var cts = new CancellationTokenSource(s_callTimeout);
        using var response = await client.GetAsync("people", HttpCompletionOption.ResponseHeadersRead, cts.Token);
        Assert.Equal(chunked ? null : (long)body.Length, response.Content.Headers.ContentLength);
        headersReceived.SetResult();

        // A hang is a TimeoutException from the wait, asserted below; how fast the failure comes is not this test's to say.
        var ex = await Record.ExceptionAsync(() =>
            _serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token).WaitAsync(TimeSpan.FromSeconds(10), cts.Token));
        output.WriteLine($"{ex?.GetType().FullName}: {ex?.Message}");

        Assert.NotNull(ex);
        Assert.False(ex is TimeoutException, "the read hung after the server dropped the connection");
        Assert.False(ex is JsonException, $"a truncated body must surface as a transport error, not as bad JSON: {ex}");
        Assert.True(ex is IOException or HttpRequestException, $"expected IOException or HttpRequestException, got {ex}");
    }

    // ---- Helpers -------------------------------------------------------------------------------------------------------

    private static List<Person> People(int count) =>
        Enumerable.Range(0, count).Select(i => new Person($"Zoë {i} 🚀 \"q\" \\ é", i)).ToList();

    /// <summary>Offsets and lengths of uneven pieces; the first cut falls inside a multi-byte UTF-8 character.</summary>
    private static IEnumerable<(int Offset, int Length)> Pieces(byte[] body)
    {
        var cuts = new SortedSet<int> { 0, body.Length };
        var multiByte = Array.FindIndex(body, b => b >= 0xC0);
        if (multiByte >= 0)
        {
            cuts.Add(multiByte + 1);
        }

        foreach (var fraction in new[] { 0.07, 0.2, 0.33, 0.5, 0.61, 0.8, 0.97 })
        {
            cuts.Add((int)(body.Length * fraction));
        }

        var points = cuts.ToArray();
        for (var i = 0; i + 1 < points.Length; i++)
        {
            if (points[i + 1] > points[i])
            {
                yield return (points[i], points[i + 1] - points[i]);
            }
        }
    }

    /// <summary>
    /// Writes <paramref name="body"/> whole behind a Content-Length or, when <paramref name="chunked"/>, without one,
    /// flushing each piece: Kestrel then sends the body chunked.
    /// </summary>
    private static async Task WriteBodyAsync(HttpResponse response, byte[] body, bool chunked, CancellationToken cancellationToken)
    {
        if (!chunked)
        {
            response.ContentLength = body.Length;
            await response.Body.WriteAsync(body, cancellationToken);
            return;
        }

        foreach (var (offset, length) in Pieces(body))
        {
            await response.Body.WriteAsync(body.AsMemory(offset, length), cancellationToken);
            await response.Body.FlushAsync(cancellationToken);
        }
    }

}
