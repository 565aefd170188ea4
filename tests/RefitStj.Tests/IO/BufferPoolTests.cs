using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.IO;
using RefitStj.Tests.Support;
using RefitStj.Tests.Writing;

namespace RefitStj.Tests.IO;

/// <summary>Every path that rents from the pool gives each array back exactly once: on success, failure and cancellation.</summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class BufferPoolTests
{
    private static readonly byte[] s_people = Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(Enumerable.Range(0, 3000).Select(i => new Person("p" + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions()));

    private readonly StjContentSerializer _serializer = new();

    public static TheoryData<string> Scenarios => new()
    {
        "write, read twice, dispose",
        "write fails in a converter",
        "write a body that grows the buffer many times",
        "read in pieces from a reused buffer",
        "read unbuffered, growing",
        "read malformed unbuffered",
        "read malformed in pieces from a reused buffer",
        "read truncated unbuffered",
        "read stream that throws",
        "read cancelled mid-body",
        "read over the size limit",
        "json lines to the end",
        "json lines disposed early",
        "json lines malformed",
        "json lines cancelled",
        "json lines with a line larger than the buffer",
    };

    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task Every_Rented_Array_Goes_Back_Exactly_Once(string scenario)
    {
        using var pool = new CountingPool();

        await Run(scenario);

        Assert.True(pool.Rented > 0, "the scenario rented nothing, so it proves nothing");
        Assert.Equal(0, pool.BadReturns);
        Assert.Equal(0, pool.Outstanding);
    }

    private async Task Run(string scenario)
    {
        switch (scenario)
        {
            case "write, read twice, dispose":
                using (var content = _serializer.ToHttpContentSynchronous(new Person("a", 1)))
                {
                    await content.ReadAsStringAsync();
                    await Bodies.TextOf(content);
                }

                break;
            case "write fails in a converter":
                Assert.Throws<InvalidOperationException>(() => _serializer.ToHttpContentSynchronous(new Exploding()));
                break;
            case "write a body that grows the buffer many times":
                _serializer.ToHttpContentSynchronous(Enumerable.Range(0, 20_000).Select(i => new Person("n" + i, i)).ToList()).Dispose();
                break;
            case "read in pieces from a reused buffer":
                await _serializer.FromHttpContentAsync<List<Person>>(new ReusedBufferContent(s_people, chunk: 1000));
                break;
            case "read unbuffered, growing":
                await _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people, 4096)));
                break;
            case "read malformed unbuffered":
                await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(Bodies.Streamed("{\"name\":"u8.ToArray())));
                break;
            case "read malformed in pieces from a reused buffer":
                await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(new ReusedBufferContent("{\"name\":"u8.ToArray(), chunk: 3)));
                break;
            case "read truncated unbuffered":
                await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people[..^3], 4096))));
                break;
            case "read stream that throws":
                await Assert.ThrowsAsync<IOException>(() => _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people, 4096, failAfter: 20_000))));
                break;
            case "read cancelled mid-body":
                using (var cts = new CancellationTokenSource())
                {
                    var producer = new ProducerStream();
                    producer.Write("[{\"name\":\"x\",");
                    var read = _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(producer), cts.Token);
                    await cts.CancelAsync();
                    await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
                }

                break;
            case "read over the size limit":
                var limited = new StjContentSerializer { MaxResponseBodySize = 10_000 };
                await Assert.ThrowsAsync<ResponseTooLargeException>(() => limited.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people, 4096))));
                break;
            case "json lines to the end":
                await Drain(Lines(100), take: int.MaxValue);
                break;
            case "json lines disposed early":
                await Drain(Lines(1000), take: 2);
                break;
            case "json lines malformed":
                await Assert.ThrowsAsync<JsonException>(() => Drain(new MemoryStream("{\"id\":1}\n{nope}\n"u8.ToArray()), take: int.MaxValue));
                break;
            case "json lines cancelled":
                using (var cts = new CancellationTokenSource())
                {
                    var producer = new ProducerStream();
                    producer.Write("{\"id\":1}\n{\"id\"");
                    await using var items = _serializer.DeserializeStreamAsync<Tick>(producer, StreamingContentFormat.JsonLines, cts.Token).GetAsyncEnumerator();
                    Assert.True(await items.MoveNextAsync());
                    var next = items.MoveNextAsync().AsTask();
                    await cts.CancelAsync();
                    await Assert.ThrowsAnyAsync<OperationCanceledException>(() => next);
                }

                break;
            case "json lines with a line larger than the buffer":
                await Drain(new MemoryStream(Encoding.UTF8.GetBytes($"{{\"id\":1,\"name\":\"{new string('z', 100_000)}\"}}\n")), take: int.MaxValue);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(scenario), scenario, null);
        }
    }

    [Fact]
    public void Arrays_Above_The_Pooled_Size_Are_Allocated_And_Dropped_Not_Kept_In_The_Shared_Pool()
    {
        const int large = BufferPool.MaxPooledLength + 1;
        Assert.Null(BufferPool.TestPool);

        var first = BufferPool.Rent(large);
        BufferPool.Return(first);
        var second = BufferPool.Rent(large);
        BufferPool.Return(second);
        var pooled = BufferPool.Rent(BufferPool.MaxPooledLength);
        BufferPool.Return(pooled);
        var again = BufferPool.Rent(BufferPool.MaxPooledLength);
        BufferPool.Return(again);

        // The shared pool would round up to a power of two and hand the same array back.
        Assert.Equal(large, first.Length);
        Assert.NotSame(first, second);
        Assert.Same(pooled, again);
    }

    private static MemoryStream Lines(int count) =>
        new(Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, count).Select(i => $"{{\"id\":{i}}}\n"))));

    private async Task Drain(Stream stream, int take)
    {
        var taken = 0;
        await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(stream, StreamingContentFormat.JsonLines))
        {
            if (++taken == take)
            {
                break;
            }
        }
    }

    private sealed class Exploding
    {
        public int Value => throw new InvalidOperationException("boom");
    }
}
