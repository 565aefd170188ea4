using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class PooledBufferWriterTests
{
    [Fact]
    public void Grows_Past_The_First_Buffer_Keeping_What_Was_Written()
    {
        var writer = new PooledBufferWriter();
        writer.Start(0);

        for (var i = 0; i < 10_000; i++)
        {
            var span = writer.GetSpan(1);
            span[0] = (byte)(i % 251);
            writer.Advance(1);
        }

        var buffer = writer.Detach(out var length);
        Assert.Equal(10_000, length);
        for (var i = 0; i < length; i++)
        {
            Assert.Equal((byte)(i % 251), buffer[i]);
        }

        System.Buffers.ArrayPool<byte>.Shared.Return(buffer);
    }

    [Fact]
    public void GetMemory_Honours_A_Large_Size_Hint()
    {
        var writer = new PooledBufferWriter();
        writer.Start(16);

        Assert.True(writer.GetMemory(100_000).Length >= 100_000);
        writer.Abandon();
    }

    [Fact]
    public void Grew_Says_Whether_The_First_Buffer_Was_Replaced_Since_Start()
    {
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.GetSpan(100);
        Assert.False(writer.Grew);

        writer.GetMemory(100_000);
        Assert.True(writer.Grew);

        writer.Start(256);
        Assert.False(writer.Grew);
        writer.Abandon();
    }

    [Fact]
    public void Advance_Past_The_Buffer_Is_Rejected()
    {
        var writer = new PooledBufferWriter();
        writer.Start(256);
        var available = writer.GetSpan().Length;

        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(available + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
        writer.Abandon();
    }

    [Fact]
    public void Detach_Hands_Over_The_Buffer_And_Leaves_The_Writer_Empty()
    {
        var writer = new PooledBufferWriter();
        writer.Start(300);
        writer.GetSpan(3)[..3].Fill(1);
        writer.Advance(3);

        var buffer = writer.Detach(out var length);
        var empty = writer.Detach(out var emptyLength);

        Assert.Equal(3, length);
        Assert.True(buffer.Length >= 300);
        Assert.Empty(empty);
        Assert.Equal(0, emptyLength);
        System.Buffers.ArrayPool<byte>.Shared.Return(buffer);
    }

    [Theory]
    [InlineData(0, 256)]
    [InlineData(255, 256)]
    [InlineData(257, 257)]
    [InlineData(5000, 5000)]
    public void Start_Rents_The_Size_Hint_But_At_Least_The_Minimum(int sizeHint, int rented)
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();

        writer.Start(sizeHint);

        Assert.Equal(rented, pool.LastRequested);
        writer.Abandon();
    }

    [Fact]
    public void A_Request_That_Fits_Exactly_Does_Not_Grow_The_Buffer()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(100);

        var span = writer.GetSpan(156);

        Assert.Equal(156, span.Length);
        Assert.False(writer.Grew);
        Assert.Equal(1, pool.Rented);
        writer.Abandon();
    }

    [Fact]
    public void A_Full_Buffer_Grows_To_Twice_Its_Size_Even_For_A_Size_Hint_Of_Zero()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.GetSpan(256).Fill(7);
        writer.Advance(256);

        var memory = writer.GetMemory();

        Assert.Equal(512, pool.LastRequested);
        Assert.Equal(256, memory.Length);
        Assert.True(writer.Grew);
        Assert.Equal((2, 1), (pool.Rented, pool.Returned));
        var buffer = writer.Detach(out var length);
        Assert.Equal(256, length);
        Assert.All(buffer.AsSpan(0, 256).ToArray(), b => Assert.Equal(7, b));
        BufferPool.Return(buffer);
    }

    [Fact]
    public void Growth_Takes_What_Was_Written_Plus_The_Request_When_That_Is_More_Than_Double()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        writer.GetSpan(1000);

        Assert.Equal(1200, pool.LastRequested);
        writer.Abandon();
    }

    [Fact]
    public void A_Writer_Never_Started_Rents_Twice_The_Minimum_On_First_Use_And_Has_Not_Grown()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();

        writer.GetSpan(1);

        Assert.Equal(2 * PooledBufferWriter.MinimumSize, pool.LastRequested);
        Assert.False(writer.Grew);
        Assert.Equal((1, 0), (pool.Rented, pool.Returned));
        writer.Abandon();
    }

    [Fact]
    public void Advance_Past_What_Is_Left_After_A_Partial_Write_Is_Rejected()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(57));
        writer.Advance(56);

        var buffer = writer.Detach(out var length);
        Assert.Equal(256, length);
        BufferPool.Return(buffer);
    }

    [Fact]
    public void Abandon_Returns_The_Buffer_Once_And_Nothing_When_There_Is_None()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);

        writer.Abandon();
        writer.Abandon();

        Assert.Equal((1, 1, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Request_Past_The_Largest_Array_Throws_And_Returns_What_It_Rented()
    {
        // Stands in for the runtime: a pool that cannot hand out an array of Array.MaxLength bytes.
        using var pool = new CappedPool(1024);
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(10);

        var ex = Assert.Throws<InvalidOperationException>(() => writer.GetSpan(int.MaxValue - 10));

        Assert.Equal(Array.MaxLength, pool.LastRequested);
        Assert.Contains(Array.MaxLength.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
        Assert.Equal(1, pool.Returned);
        Assert.False(writer.Grew);
        writer.Abandon();
    }

    [Fact]
    public void Start_Gives_Back_A_Buffer_Still_Held_From_An_Unfinished_Body()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(10);

        writer.Start(256);

        Assert.Equal((2, 1, 0), (pool.Rented, pool.Returned, pool.BadReturns));
        writer.Abandon();
    }

    [Fact]
    public void Growing_To_Exactly_The_Room_Asked_For_After_What_Is_Written_Succeeds()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        // 200 written + 824 asked = 1024, the array the pool hands out: room for exactly what was asked.
        var span = writer.GetSpan(824);

        Assert.Equal(1024, pool.LastRequested);
        Assert.Equal(824, span.Length);
        writer.Abandon();
    }

    [Fact]
    public void An_Array_Short_Of_The_Room_Asked_For_After_What_Is_Written_Throws()
    {
        using var pool = new CappedPool(1024);
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        // 1,024 bytes hold the 900 asked for, but not after the 200 already written.
        Assert.Throws<InvalidOperationException>(() => writer.GetSpan(900));
        Assert.Equal(1, pool.Returned);
        writer.Abandon();
    }

    /// <summary>Hands out arrays of at most <c>cap</c> bytes, whatever was asked, and records the request.</summary>
    private sealed class CappedPool : System.Buffers.ArrayPool<byte>, IDisposable
    {
        private readonly int _cap;

        public CappedPool(int cap)
        {
            _cap = cap;
            BufferPool.TestPool = this;
        }

        public int LastRequested { get; private set; }

        public int Returned { get; private set; }

        public override byte[] Rent(int minimumLength)
        {
            LastRequested = minimumLength;
            return new byte[Math.Min(minimumLength, _cap)];
        }

        public override void Return(byte[] array, bool clearArray = false) => Returned++;

        public void Dispose() => BufferPool.TestPool = null;
    }
}
