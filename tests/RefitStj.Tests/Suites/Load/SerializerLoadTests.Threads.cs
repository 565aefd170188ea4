using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <content>One serializer shared by many threads.</content>
public sealed partial class SerializerLoadTests
{
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

        // The reference is right, not just consistent: interface and abstract bodies by runtime type, enums as the Refit in
        // use writes them (16: by name; 17: as numbers).
        Assert.Contains("""{"kind":"circle","radius":1.5}""", expected[1], StringComparison.Ordinal);
        Assert.Contains("""{"goodBoy":false,"name":"dog 1"}""", expected[1], StringComparison.Ordinal);
        Assert.Contains("""{"$type":"bike","electric":true,"wheels":2}""", expected[1], StringComparison.Ordinal);
#if REFIT17
        Assert.Contains("\"status\":3,", expected[3], StringComparison.Ordinal);
#else
        Assert.Contains($"\"status\":\"{Wire.LostInSpace}\"", expected[3], StringComparison.Ordinal);
#endif
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

    // ---- Helpers ---------------------------------------------------------------------------------------------------------

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
}
