using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Threading;

/// <summary>A streaming enumerator's buffer stays rented while a read into it is in flight, however early it is disposed.</summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class StreamingEnumeratorDisposalTests
{
    private readonly StjContentSerializer _serializer = new();

    [Theory]
    [InlineData(StreamingContentFormat.JsonLines, "{\"id\":1}\n{\"id\"", ":2}\n")]
    [InlineData(StreamingContentFormat.ServerSentEvents, "data: {\"id\":1}\n\ndata: {\"id\"", ":2}\n\n")]
    public async Task Disposing_While_A_Read_Is_Pending_Keeps_The_Buffer_Until_The_Read_Ends(StreamingContentFormat format, string start, string rest)
    {
        using var pool = new CountingPool(poison: true);
        var producer = new ProducerStream();
        producer.Write(start);
        var items = _serializer.DeserializeStreamAsync<Tick>(producer, format).GetAsyncEnumerator();
        Assert.True(await items.MoveNextAsync());
        var pending = items.MoveNextAsync().AsTask();
        Assert.False(pending.IsCompleted);

        // The compiler-built enumerator refuses to dispose mid-read rather than run its cleanup under the read.
        await Assert.ThrowsAsync<NotSupportedException>(() => items.DisposeAsync().AsTask());
        var outstandingWhileReading = pool.Outstanding;
        producer.Write(rest);
        producer.Complete();
        Assert.True(await pending.WaitAsync(TimeSpan.FromSeconds(10)));
        var second = items.Current;
        await items.DisposeAsync();

        Assert.Equal(new Tick(2, null), second);
        Assert.Equal(format == StreamingContentFormat.ServerSentEvents ? 0 : 1, outstandingWhileReading);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }
}
