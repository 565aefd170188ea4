using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <content>Load and soak: thousands of calls through an in-process server, with the helpers they use.</content>
public sealed partial class SerializerLoadTests
{
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
            // Every read rents but those of bodies parsed in place (about a quarter); a default-mode write goes through
            // System.Text.Json's own buffer, as Refit's serializer's does.
            Assert.True(pool.Rented >= total / 2, $"only {pool.Rented} rentals: the pool was not in use");
            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(0, pool.BadReturns);
        }

        Assert.Equal(new[] { "ioerror", "jsonerror", "ok" }, outcomes.Keys.Order());
        Assert.Equal(total, outcomes.Values.Sum());
        Assert.Equal(total / 10, outcomes["ioerror"]);
        Assert.Equal(total / 10, outcomes["jsonerror"]);
    }

    // ---- Helpers ---------------------------------------------------------------------------------------------------------

    private static LoadOrder ExpectedOrder(int id) => new(
        id,
        $"order {id}: naïve “quoted” \"text\" \\ <tag> {new string('x', id % 300)}",
        (OrderStatus)(id % 4),
        id * 1.25m,
        Enumerable.Range(id, id % 6).ToArray());

    private static readonly string[] s_statusNames = ["pending", "inTransit", "delivered", Wire.LostInSpace];

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

        // Chunked in the default body mode, as Refit's own serializer sends it; exact wherever a length is sent.
        if (declaredLength is not null && declaredLength != body.Length)
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
                // Bodies read in place, copied once, and streamed in.
                content = (id % 4) switch
                {
                    0 => new ByteArrayContent(reply),
                    2 => new ReusedBufferContent(reply, chunk: 512),
                    _ => new StreamContent(new MemoryStream(reply)),
                };
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
