using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class RefCountedBufferTests
{
    [Fact]
    public void The_Array_Goes_Back_When_The_Last_Reader_Lets_Go_After_The_Owner()
    {
        using var pool = new CountingPool();
        var buffer = new RefCountedBuffer(new PooledBytes(BufferPool.Rent(16), 16));

        Assert.True(buffer.TryAcquire(out var bytes));
        buffer.ReleaseOwner();
        var outstandingWhileRead = pool.Outstanding;
        bytes.CopyTo(0, new byte[16]);
        buffer.Release();

        Assert.Equal(1, outstandingWhileRead);
        Assert.Equal(0, pool.Outstanding);
        Assert.False(buffer.TryAcquire(out _));
    }

    [Fact]
    public void The_Owner_Reference_Is_Released_Once_However_Often_It_Is_Given_Up()
    {
        using var pool = new CountingPool();
        var buffer = new RefCountedBuffer(new PooledBytes(BufferPool.Rent(16), 16));
        Assert.True(buffer.TryAcquire(out _));

        buffer.ReleaseOwner();
        buffer.ReleaseOwner();

        Assert.Equal(1, pool.Outstanding);
        buffer.Release();
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public void Readers_Contending_For_References_Never_Let_The_Array_Go_While_The_Owner_Holds_It()
    {
        using var pool = new CountingPool();
        var buffer = new RefCountedBuffer(new PooledBytes(BufferPool.Rent(16), 16));
        var readers = Enumerable.Range(0, 4).Select(reader => new Thread(() =>
        {
            // Every core hammers the count, so compare-exchanges keep losing to each other.
            for (var i = 0; i < 200_000; i++)
            {
                if (buffer.TryAcquire(out _))
                {
                    buffer.Release();
                }
            }
        })).ToList();

        readers.ForEach(r => r.Start());
        readers.ForEach(r => r.Join());

        Assert.Equal(1, pool.Outstanding);
        Assert.True(buffer.TryAcquire(out _));
        buffer.Release();
        buffer.ReleaseOwner();
        Assert.Equal((1, 1, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void Readers_Racing_The_Owner_Never_Hold_An_Array_That_Went_Back()
    {
        using var pool = new CountingPool(poison: true);
        for (var round = 0; round < 300; round++)
        {
            var rented = BufferPool.Rent(64);
            rented.AsSpan().Fill(7);
            var buffer = new RefCountedBuffer(new PooledBytes(rented, rented.Length));
            using var go = new ManualResetEventSlim();
            var bad = 0;
            var readers = Enumerable.Range(0, 2).Select(_ => new Thread(() =>
            {
                go.Wait();
                for (var i = 0; i < 100 && buffer.TryAcquire(out var bytes); i++)
                {
                    if (bytes.TryGetSingle(out var array) && array.Span.IndexOfAnyExcept((byte)7) >= 0)
                    {
                        Interlocked.Increment(ref bad);
                    }

                    buffer.Release();
                }
            })).ToList();
            readers.ForEach(r => r.Start());

            go.Set();
            buffer.ReleaseOwner();
            readers.ForEach(r => r.Join());

            Assert.Equal(0, bad);
            Assert.False(buffer.TryAcquire(out _));
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public void Every_Segment_Of_A_Chain_Goes_Back_Once_When_The_Last_Reader_Lets_Go()
    {
        using var pool = new CountingPool(poison: true);
        var segments = new[] { new ArraySegment<byte>(BufferPool.Rent(16), 0, 16), new ArraySegment<byte>(BufferPool.Rent(32), 0, 5) };
        var buffer = new RefCountedBuffer(new PooledBytes(segments, 21));

        Assert.True(buffer.TryAcquire(out var bytes));
        buffer.ReleaseOwner();
        buffer.ReleaseOwner();
        var outstandingWhileRead = pool.Outstanding;
        buffer.Release();

        Assert.Equal(21, bytes.Length);
        Assert.Equal(2, outstandingWhileRead);
        Assert.Equal((2, 0, 0), (pool.Returned, pool.Outstanding, pool.BadReturns));
        Assert.False(buffer.TryAcquire(out _));
    }
}
