using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.IO.Compression;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests;

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
public sealed class StjContentSerializerLoadTests(ITestOutputHelper output)
{
    private const string JsonUtf8 = "application/json; charset=utf-8";

    // Independent of the library: what a server would use to read the requests and write the responses. Non-ASCII text
    // goes on the wire as raw UTF-8, so chunk boundaries can fall inside a character.
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web) { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private static readonly TimeSpan s_callTimeout = TimeSpan.FromSeconds(20);

    private readonly StjContentSerializer _serializer = new();

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
            await response.Content.LoadIntoBufferAsync(cts.Token);
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
            await response.Content.LoadIntoBufferAsync(cts.Token);
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

        var clock = Stopwatch.StartNew();
        var ex = await Record.ExceptionAsync(() =>
            _serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token).WaitAsync(TimeSpan.FromSeconds(10), cts.Token));
        clock.Stop();
        output.WriteLine($"{ex?.GetType().FullName}: {ex?.Message} after {clock.ElapsedMilliseconds} ms");

        Assert.NotNull(ex);
        Assert.False(ex is TimeoutException, "the read hung after the server dropped the connection");
        Assert.False(ex is JsonException, $"a truncated body must surface as a transport error, not as bad JSON: {ex}");
        Assert.True(ex is IOException or HttpRequestException, $"expected IOException or HttpRequestException, got {ex}");
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(5), $"took {clock.Elapsed}");
    }

    // ---- 5. Load -------------------------------------------------------------------------------------------------------

    [Fact]
    public async Task Ten_Thousand_Requests_At_64_Concurrent_Complete_With_Zero_Errors()
    {
        const int total = 10_000;
        var valid = 0;
        var invalid = new ConcurrentQueue<string>();
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            var id = int.Parse(context.Request.Path.Value!["/orders/".Length..], CultureInfo.InvariantCulture);
            using var received = new MemoryStream();
            await context.Request.Body.CopyToAsync(received, context.RequestAborted);
            var (status, reply) = Answer(id, context.Request.ContentType, context.Request.ContentLength, received.GetBuffer().AsMemory(0, (int)received.Length));
            if (status == HttpStatusCode.OK)
            {
                Interlocked.Increment(ref valid);
            }
            else
            {
                invalid.Enqueue($"{id}: {Encoding.UTF8.GetString(reply)}");
            }

            context.Response.StatusCode = (int)status;
            context.Response.ContentType = status == HttpStatusCode.OK ? JsonUtf8 : "text/plain";
            await WriteBodyAsync(context.Response, reply, chunked: id % 2 != 0, context.RequestAborted);
        });
        using var client = server.CreateClient();
        var errors = new ConcurrentQueue<string>();
        var succeeded = 0;

        // Generous for a slow CI machine with coverage on; a hang fails here instead of stalling the run.
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(120));
        var clock = Stopwatch.StartNew();

        await Parallel.ForEachAsync(
            Enumerable.Range(0, total),
            new ParallelOptions { MaxDegreeOfParallelism = 64, CancellationToken = cts.Token },
            async (id, token) =>
            {
                var problem = await CallAsync(client, _serializer, id, token);
                if (problem is null)
                {
                    Interlocked.Increment(ref succeeded);
                }
                else
                {
                    errors.Enqueue(problem);
                }
            });

        clock.Stop();
        output.WriteLine($"{total} requests at 64 concurrent in {clock.Elapsed.TotalSeconds:F1} s ({total / clock.Elapsed.TotalSeconds:F0}/s)");
        Assert.True(errors.IsEmpty, $"{errors.Count} client errors, e.g.\n{string.Join('\n', errors.Take(5))}");
        Assert.True(invalid.IsEmpty, $"{invalid.Count} bodies rejected by the server, e.g.\n{string.Join('\n', invalid.Take(5))}");
        Assert.Equal(total, succeeded);
        Assert.Equal(total, Volatile.Read(ref valid));
    }

    // ---- 6. Soak -------------------------------------------------------------------------------------------------------

    [Fact]
    public async Task Thirty_Thousand_Calls_Leave_The_Heap_Flat()
    {
        const int warmUp = 3_000;
        const int calls = 30_000;

        // A leak of 100 bytes a call would add 3 MB over the measured calls; 1 MB leaves room for the runtime's own
        // noise (thread-pool and ArrayPool caches, JIT tiering, timers) while still catching a leak of ~35 bytes a call.
        const long bound = 1024 * 1024;

        var handler = new InProcessServer();
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://127.0.0.1/") };
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(60));

        for (var id = 0; id < warmUp; id++)
        {
            Assert.Null(await CallAsync(client, _serializer, id, cts.Token));
        }

        var before = GC.GetTotalMemory(forceFullCollection: true);
        var clock = Stopwatch.StartNew();
        for (var id = warmUp; id < warmUp + calls; id++)
        {
            var problem = await CallAsync(client, _serializer, id, cts.Token);
            if (problem is not null)
            {
                Assert.Fail(problem);
            }
        }

        clock.Stop();
        var after = GC.GetTotalMemory(forceFullCollection: true);
        var growth = after - before;

        output.WriteLine($"{calls} calls in {clock.Elapsed.TotalSeconds:F1} s; heap {before} -> {after} ({growth:+#;-#;0} bytes, {(double)growth / calls:F2} per call)");
        Assert.Equal(warmUp + calls, handler.Valid);
        Assert.True(growth < bound, $"the heap grew by {growth} bytes over {calls} calls ({(double)growth / calls:F1} bytes a call)");
    }

    [Fact]
    public async Task Every_Pooled_Buffer_Goes_Back_Once_After_Thousands_Of_Concurrent_Calls_Some_Failing()
    {
        // The heap cannot show a rented array that is never returned (it is simply collected); the counting pool can.
        const int total = 4_000;
        var handler = new InProcessServer { Sabotage = true };
        using var client = new HttpClient(handler) { BaseAddress = new Uri("http://127.0.0.1/") };
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        var outcomes = new ConcurrentDictionary<string, int>();

        using (var pool = new CountingPool())
        {
            await Parallel.ForEachAsync(
                Enumerable.Range(0, total),
                new ParallelOptions { MaxDegreeOfParallelism = 16, CancellationToken = cts.Token },
                async (id, token) =>
                {
                    var outcome = await CallExpectingSabotageAsync(client, id, token);
                    outcomes.AddOrUpdate(outcome, 1, (_, n) => n + 1);
                });

            output.WriteLine($"rented {pool.Rented}, returned {pool.Returned}; outcomes: {string.Join(", ", outcomes.OrderBy(o => o.Key).Select(o => $"{o.Key}={o.Value}"))}");
            Assert.True(pool.Rented >= 2 * total, $"only {pool.Rented} rentals: the pool was not in use");
            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(0, pool.BadReturns);
        }

        Assert.Equal(new[] { "ioerror", "jsonerror", "ok" }, outcomes.Keys.Order());
        Assert.Equal(total, outcomes.Values.Sum());
        Assert.Equal(total / 10, outcomes["ioerror"]);
        Assert.Equal(total / 10, outcomes["jsonerror"]);
    }

    // ---- 7. One serializer shared by many threads ------------------------------------------------------------------

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Sixteen_Threads_Sharing_One_Serializer_Produce_Exactly_What_One_Thread_Does(bool freshOptions)
    {
        const int threads = 16;
        const int iterations = 300;
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(60));

        var reference = new StjContentSerializer(StjContentSerializer.CreateDefaultOptions());
        var expected = new string[iterations];
        for (var i = 0; i < iterations; i++)
        {
            expected[i] = await TranscriptAsync(reference, i, cts.Token);
        }

        // The reference is right, not just consistent: interface and abstract bodies by runtime type, enums by name.
        Assert.Contains("""{"kind":"circle","radius":1.5}""", expected[1], StringComparison.Ordinal);
        Assert.Contains("""{"goodBoy":false,"name":"dog 1"}""", expected[1], StringComparison.Ordinal);
        Assert.Contains("""{"$type":"bike","electric":true,"wheels":2}""", expected[1], StringComparison.Ordinal);
        Assert.Contains("\"status\":\"lost-in-space\"", expected[3], StringComparison.Ordinal);
        Assert.Contains("\"extra\":{\"name\":\"extra 0\",\"age\":0}", expected[0], StringComparison.Ordinal);

        // A serializer whose metadata is built while 16 threads race for it (fresh options), or the shared default one.
        var shared = freshOptions ? new StjContentSerializer(StjContentSerializer.CreateDefaultOptions()) : new StjContentSerializer();
        var start = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var workers = Enumerable.Range(0, threads).Select(t => Task.Run(
            async () =>
            {
                await start.Task;
                var produced = new string[iterations];

                // Each thread walks the work from a different point, so different types and sizes overlap.
                for (var k = 0; k < iterations; k++)
                {
                    cts.Token.ThrowIfCancellationRequested();
                    var i = (k + (t * 37)) % iterations;
                    produced[i] = await TranscriptAsync(shared, i, cts.Token);
                }

                return produced;
            },
            cts.Token)).ToArray();

        var clock = Stopwatch.StartNew();
        start.SetResult();
        var results = await Task.WhenAll(workers);
        clock.Stop();

        output.WriteLine($"{threads} x {iterations} transcripts in {clock.Elapsed.TotalSeconds:F1} s");
        for (var t = 0; t < threads; t++)
        {
            for (var i = 0; i < iterations; i++)
            {
                if (!string.Equals(expected[i], results[t][i], StringComparison.Ordinal))
                {
                    Assert.Fail($"thread {t}, iteration {i}:\nexpected {expected[i]}\nactual   {results[t][i]}");
                }
            }
        }
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

    private static LoadOrder ExpectedOrder(int id) => new(
        id,
        $"order {id}: naïve “quoted” \"text\" \\ <tag> {new string('x', id % 300)}",
        (OrderStatus)(id % 4),
        id * 1.25m,
        Enumerable.Range(id, id % 6).ToArray());

    private static readonly string[] s_statusNames = ["pending", "inTransit", "delivered", "lost-in-space"];

    private static readonly string[] s_orderProperties = ["id", "text", "status", "total", "lines"];

    /// <summary>The server side: checks a request body independently of the library and answers with a receipt.</summary>
    private static (HttpStatusCode Status, byte[] Body) Answer(int id, string? contentType, long? declaredLength, ReadOnlyMemory<byte> body)
    {
        var reason = Check(id, contentType, declaredLength, body);
        if (reason is not null)
        {
            return (HttpStatusCode.BadRequest, Encoding.UTF8.GetBytes(reason));
        }

        var order = ExpectedOrder(id);
        var receipt = new LoadReceipt(order.Id, order.Text.Length, order.Total * 2, order.Lines.Sum(), order.Text);
        return (HttpStatusCode.OK, JsonSerializer.SerializeToUtf8Bytes(receipt, s_web));
    }

    private static string? Check(int id, string? contentType, long? declaredLength, ReadOnlyMemory<byte> body)
    {
        if (contentType != JsonUtf8)
        {
            return $"Content-Type {contentType}";
        }

        if (declaredLength != body.Length)
        {
            return $"Content-Length {declaredLength} for a body of {body.Length} bytes";
        }

        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(body);
        }
        catch (JsonException ex)
        {
            return $"not JSON: {ex.Message}";
        }

        using (document)
        {
            var root = document.RootElement;
            var expected = ExpectedOrder(id);
            var names = root.ValueKind == JsonValueKind.Object ? root.EnumerateObject().Select(p => p.Name).ToArray() : [];
            if (!names.SequenceEqual(s_orderProperties))
            {
                return $"properties [{string.Join(',', names)}]";
            }

            if (root.GetProperty("id").GetInt32() != id
                || root.GetProperty("text").GetString() != expected.Text
                || root.GetProperty("status").GetString() != s_statusNames[(int)expected.Status]
                || root.GetProperty("total").GetDecimal() != expected.Total
                || !root.GetProperty("lines").EnumerateArray().Select(e => e.GetInt32()).SequenceEqual(expected.Lines))
            {
                return $"wrong values for order {id}";
            }
        }

        return null;
    }

    /// <summary>One client call: POST the order, read the receipt, check it. Returns a description of what went wrong, or null.</summary>
    private static async Task<string?> CallAsync(HttpClient client, StjContentSerializer serializer, int id, CancellationToken cancellationToken)
    {
        var order = ExpectedOrder(id);
        try
        {
            // Every third body declared by an interface, so written by its runtime type.
            using var content = id % 3 == 0 ? serializer.ToHttpContent<ILoadLine>(order) : serializer.ToHttpContent(order);
            using var request = new HttpRequestMessage(HttpMethod.Post, $"orders/{id}") { Content = content };

            // Half the responses buffered by HttpClient first (read from memory), half read from the socket.
            var completion = id / 2 % 2 == 0 ? HttpCompletionOption.ResponseContentRead : HttpCompletionOption.ResponseHeadersRead;
            using var response = await client.SendAsync(request, completion, cancellationToken);
            if (response.StatusCode != HttpStatusCode.OK)
            {
                return $"{id}: {(int)response.StatusCode} {await response.Content.ReadAsStringAsync(cancellationToken)}";
            }

            var receipt = await serializer.FromHttpContentAsync<LoadReceipt>(response.Content, cancellationToken);
            return receipt is not null
                && receipt.Id == id
                && receipt.TextLength == order.Text.Length
                && receipt.DoubleTotal == order.Total * 2
                && receipt.LineSum == order.Lines.Sum()
                && receipt.Echo == order.Text
                ? null
                : $"{id}: wrong receipt {JsonSerializer.Serialize(receipt, s_web)}";
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or JsonException
            || (ex is OperationCanceledException && !cancellationToken.IsCancellationRequested))
        {
            return $"{id}: {ex.GetType().Name}: {ex.Message}";
        }
    }

    /// <summary>
    /// A call to a server that answers one in ten with invalid JSON and one in ten with a body that breaks mid-read:
    /// the outcome, as "ok", "jsonerror" or "ioerror".
    /// </summary>
    private async Task<string> CallExpectingSabotageAsync(HttpClient client, int id, CancellationToken cancellationToken)
    {
        using var content = id % 3 == 0 ? _serializer.ToHttpContent<ILoadLine>(ExpectedOrder(id)) : _serializer.ToHttpContent(ExpectedOrder(id));
        using var request = new HttpRequestMessage(HttpMethod.Post, $"orders/{id}") { Content = content };
        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        try
        {
            var receipt = await _serializer.FromHttpContentAsync<LoadReceipt>(response.Content, cancellationToken);
            return receipt?.Id == id ? "ok" : $"wrong receipt for {id}";
        }
        catch (JsonException)
        {
            return "jsonerror";
        }
        catch (IOException)
        {
            return "ioerror";
        }
    }

    /// <summary>
    /// Everything one iteration of the concurrency test writes and reads, as text: each body as written (buffered and
    /// streamed), then the value read back from it and written again.
    /// </summary>
    private static async Task<string> TranscriptAsync(StjContentSerializer serializer, int i, CancellationToken cancellationToken)
    {
        var text = new StringBuilder();

        var order = Bodies.SampleOrder();
        order.Id = i;
        order.CustomerName = $"customer {i} ë “{new string('z', i % 90)}”";
        order.Status = (OrderStatus)(i % 4);
        order.PreviousStatus = i % 3 == 0 ? null : (OrderStatus)((i + 1) % 4);
        order.Permissions = (Permissions)(i % 4);
        order.Total = i / 8m;
        order.Grid = [.. Enumerable.Range(0, i % 5).Select(n => Enumerable.Range(n, n).ToList())];
        order.Extra = (i % 6) switch
        {
            0 => new Person($"extra {i}", i),
            1 => i,
            2 => $"extra {i}",
            3 => i % 4 == 0,
            4 => i + 0.25,
            _ => null,
        };

        await RoundTripAsync<Order, Order>(serializer, order, text, cancellationToken);
        await RoundTripAsync<IShape, Circle>(serializer, new Circle { Radius = i + 0.5 }, text, cancellationToken);
        await RoundTripAsync<Animal, Dog>(serializer, new Dog { Name = $"dog {i}", GoodBoy = i % 2 == 0 }, text, cancellationToken);
        Vehicle vehicle = i % 2 == 0 ? new Car { Wheels = 4, Make = $"make {i}" } : new Bike { Wheels = 2, Electric = i % 4 == 1 };
        await RoundTripAsync<Vehicle, Vehicle>(serializer, vehicle, text, cancellationToken);
        await RoundTripAsync<Envelope, Envelope>(serializer, new Envelope { Payload = i % 2 == 0 ? new[] { i, i + 1 } : new Dictionary<string, object> { ["k"] = i } }, text, cancellationToken);
        await RoundTripAsync<object, Person>(serializer, new Person($"object {i}", i), text, cancellationToken);
        await RoundTripAsync<List<Person>, List<Person>>(serializer, [.. Enumerable.Range(0, i % 7).Select(n => new Person($"p{n}", n))], text, cancellationToken);
        await RoundTripAsync<OrderStatus, OrderStatus>(serializer, (OrderStatus)(i % 4), text, cancellationToken);
        await RoundTripAsync<Permissions?, Permissions?>(serializer, i % 5 == 0 ? null : (Permissions)(i % 4), text, cancellationToken);
        await RoundTripAsync<Temperature, Temperature>(serializer, i % 2 == 0 ? Temperature.Freezing : Temperature.Mild, text, cancellationToken);
        await RoundTripAsync<Dictionary<OrderStatus, int>, Dictionary<OrderStatus, int>>(serializer, new() { [(OrderStatus)(i % 4)] = i }, text, cancellationToken);
        return text.ToString();
    }

    private static async Task RoundTripAsync<TWrite, TRead>(StjContentSerializer serializer, TWrite value, StringBuilder text, CancellationToken cancellationToken)
        where TRead : TWrite
    {
        using var content = serializer.ToHttpContent(value);
        var written = await content.ReadAsStringAsync(cancellationToken);
        using var streamed = serializer.ToStreamingHttpContent(value);
        var streamedText = await streamed.ReadAsStringAsync(cancellationToken);

        var fromContent = await serializer.FromHttpContentAsync<TRead>(content, cancellationToken);
        var fromString = serializer.DeserializeFromString<TRead>(written);
        using var socketLike = Bodies.Streamed(Encoding.UTF8.GetBytes(written), JsonUtf8, chunk: 256);
        var fromStream = await serializer.FromHttpContentAsync<TRead>(socketLike, cancellationToken);
        using var again = serializer.ToHttpContent<TWrite>(fromContent!);
        using var againFromString = serializer.ToHttpContent<TWrite>(fromString!);
        using var againFromStream = serializer.ToHttpContent<TWrite>(fromStream!);

        text.Append(typeof(TWrite).Name)
            .Append(": ").Append(written)
            .Append(" | streamed ").Append(streamedText)
            .Append(" | read ").Append(await again.ReadAsStringAsync(cancellationToken))
            .Append(" | from string ").Append(await againFromString.ReadAsStringAsync(cancellationToken))
            .Append(" | from stream ").Append(await againFromStream.ReadAsStringAsync(cancellationToken))
            .Append(" | length ").Append(content.Headers.ContentLength?.ToString(CultureInfo.InvariantCulture))
            .Append('\n');
    }

    /// <summary>
    /// An in-process handler playing the server: drains the request stream as a socket handler does, checks the body
    /// and answers, alternately with in-memory content and with a stream. With <see cref="Sabotage"/>, one answer in ten
    /// is invalid JSON and one in ten breaks mid-body.
    /// </summary>
    private sealed class InProcessServer : HttpMessageHandler
    {
        private int _valid;

        public bool Sabotage { get; init; }

        public int Valid => Volatile.Read(ref _valid);

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var id = int.Parse(request.RequestUri!.AbsolutePath["/orders/".Length..], CultureInfo.InvariantCulture);
            using var received = new MemoryStream();
            await request.Content!.CopyToAsync(received, cancellationToken);
            var (status, reply) = Answer(id, request.Content.Headers.ContentType?.ToString(), request.Content.Headers.ContentLength, received.GetBuffer().AsMemory(0, (int)received.Length));
            if (status == HttpStatusCode.OK)
            {
                Interlocked.Increment(ref _valid);
            }

            HttpContent content;
            if (Sabotage && id % 10 == 1)
            {
                content = new ByteArrayContent(reply.AsSpan(0, reply.Length - 3).ToArray());
            }
            else if (Sabotage && id % 10 == 2)
            {
                content = new StreamContent(new TrickleStream(reply, chunk: 64, failAfter: reply.Length / 2));
            }
            else
            {
                content = id % 2 == 0 ? new ByteArrayContent(reply) : new StreamContent(new MemoryStream(reply));
            }

            content.Headers.ContentType = MediaTypeHeaderValue.Parse(status == HttpStatusCode.OK ? JsonUtf8 : "text/plain");
            return new HttpResponseMessage(status) { Content = content, RequestMessage = request };
        }
    }

    /// <summary>A request body declared by this interface is written by its runtime type.</summary>
    private interface ILoadLine
    {
        int Id { get; }
    }

    private sealed record LoadOrder(int Id, string Text, OrderStatus Status, decimal Total, int[] Lines) : ILoadLine;

    private sealed record LoadReceipt(int Id, int TextLength, decimal DoubleTotal, int LineSum, string Echo);
}
