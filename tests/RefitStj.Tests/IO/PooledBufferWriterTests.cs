using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class PooledBufferWriterTests
{
    [Fact]
    public void Goes_On_Past_The_First_Buffer_In_Segments_Keeping_What_Was_Written()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(0);

        for (var i = 0; i < 10_000; i++)
        {
            var span = writer.GetSpan(1);
            span[0] = (byte)(i % 251);
            writer.Advance(1);
        }

        var bytes = writer.Detach();
        var copy = new byte[bytes.Length];
        bytes.CopyTo(0, copy);
        bytes.Return();

        Assert.Equal(10_000, bytes.Length);
        Assert.False(bytes.TryGetSingle(out _));
        for (var i = 0; i < copy.Length; i++)
        {
            Assert.Equal((byte)(i % 251), copy[i]);
        }

        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public void A_Body_Larger_Than_A_Segment_Is_Held_In_Segments_No_Larger_Than_One()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(PooledBufferWriter.SegmentSize * 4);

        for (var i = 0; i < 1000; i++)
        {
            writer.GetSpan(4096)[..4000].Fill((byte)(i % 200));
            writer.Advance(4000);
        }

        var bytes = writer.Detach();
        var copy = new byte[bytes.Length];
        bytes.CopyTo(0, copy);
        using var written = new MemoryStream();
        bytes.WriteTo(written);
        bytes.Return();

        Assert.Equal(4_000_000, bytes.Length);
        Assert.Equal(PooledBufferWriter.SegmentSize, pool.LargestRequested);
        Assert.Equal(4, pool.Rented);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(copy, written.ToArray());
        for (var i = 0; i < 1000; i++)
        {
            Assert.Equal((byte)(i % 200), copy[(i * 4000) + 3999]);
        }
    }

    [Fact]
    public void GetMemory_Honours_A_Large_Size_Hint()
    {
        var writer = new PooledBufferWriter();
        writer.Start(16);

        Assert.True(writer.GetMemory(100_000).Length >= 100_000);
        Assert.True(writer.GetMemory(3 * PooledBufferWriter.SegmentSize).Length >= 3 * PooledBufferWriter.SegmentSize);
        writer.Abandon();
    }

    [Fact]
    public void Grew_Says_Whether_The_Body_Went_On_Past_Its_First_Buffer_Since_Start()
    {
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.GetSpan(100);
        Assert.False(writer.Grew);
        Assert.Equal(0, writer.Wanted);

        writer.Advance(10);
        writer.GetMemory(100_000);
        Assert.True(writer.Grew);
        Assert.Equal(100_010, writer.Wanted);

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

        var bytes = writer.Detach();
        var empty = writer.Detach();

        Assert.Equal(3, bytes.Length);
        Assert.True(bytes.TryGetSingle(out var single));
        Assert.Equal(new byte[] { 1, 1, 1 }, single.ToArray());
        Assert.True(empty.IsEmpty);
        Assert.Equal(0, empty.Length);
        bytes.Return();
    }

    [Theory]
    [InlineData(0, 256)]
    [InlineData(255, 256)]
    [InlineData(257, 257)]
    [InlineData(5000, 5000)]
    [InlineData(50_000_000, PooledBufferWriter.SegmentSize)]
    public void Start_Rents_The_Size_Hint_But_At_Least_The_Minimum_And_At_Most_A_Segment(int sizeHint, int rented)
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
    public void A_Full_Buffer_Goes_On_In_A_Segment_As_Large_As_What_Is_Held_Without_Copying()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.GetSpan(256).Fill(7);
        writer.Advance(256);

        var memory = writer.GetMemory();

        Assert.Equal(256, pool.LastRequested);
        Assert.Equal(256, memory.Length);
        Assert.True(writer.Grew);
        Assert.Equal((2, 0), (pool.Rented, pool.Returned));
        var bytes = writer.Detach();
        Assert.Equal(256, bytes.Length);
        Assert.Equal((2, 1), (pool.Rented, pool.Returned));
        var copy = new byte[256];
        bytes.CopyTo(0, copy);
        Assert.All(copy, b => Assert.Equal(7, b));
        bytes.Return();
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public void Wanted_Is_The_Whole_Body_Once_It_Goes_On_Past_The_Room_It_Grew_For()
    {
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(10);
        var memory = writer.GetMemory(100_000);
        writer.Advance(memory.Length);

        Assert.True(memory.Length > 100_000, $"{memory.Length} bytes: no more than asked for");
        Assert.Equal(10 + memory.Length, writer.Wanted);
        writer.Abandon();
    }

    [Fact]
    public void A_First_Buffer_Outgrown_Before_A_Byte_Was_Written_Goes_Back_At_Once()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);

        writer.GetSpan(100_000);

        Assert.Equal(1, pool.Outstanding);
        writer.Abandon();
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public void A_Request_Larger_Than_What_Is_Held_Gets_A_Segment_Of_Its_Size()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        writer.GetSpan(1000);

        Assert.Equal(1000, pool.LastRequested);
        Assert.Equal(1200, writer.Wanted);
        writer.Abandon();
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
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

        var bytes = writer.Detach();
        Assert.Equal(256, bytes.Length);
        bytes.Return();
    }

    [Fact]
    public void Abandon_Returns_Every_Segment_Once_And_Nothing_When_There_Is_None()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(256);
        writer.GetSpan(10);
        writer.Advance(10);

        writer.Abandon();
        writer.Abandon();

        Assert.Equal((2, 2, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Request_Past_The_Largest_Array_Throws_And_Keeps_What_Was_Written()
    {
        using var pool = new CountingPool();
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(10);

        var ex = Assert.Throws<InvalidOperationException>(() => writer.GetSpan(int.MaxValue - 10));

        Assert.Contains(Array.MaxLength.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
        Assert.Equal(1, pool.Rented);
        Assert.False(writer.Grew);
        writer.Abandon();
        Assert.Equal(0, pool.Outstanding);
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
    public void An_Array_Short_Of_The_Room_Asked_For_Throws_And_Goes_Back()
    {
        using var pool = new CappedPool(1024);
        var writer = new PooledBufferWriter();
        writer.Start(256);
        writer.Advance(200);

        Assert.Throws<InvalidOperationException>(() => writer.GetSpan(2000));
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
