using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class PooledBytesTests
{
    private static PooledBytes Chain(params byte[][] parts) =>
        new([.. parts.Select(part => new ArraySegment<byte>(Rented(part), 0, part.Length))], parts.Sum(part => (long)part.Length));

    private static byte[] Rented(byte[] part)
    {
        var array = BufferPool.Rent(Math.Max(part.Length, 1) + 3);
        part.CopyTo(array, 0);
        return array;
    }

    [Theory]
    [InlineData(0, 9)]
    [InlineData(2, 5)]
    [InlineData(3, 1)]
    [InlineData(4, 5)]
    [InlineData(8, 1)]
    public void CopyTo_Reads_Across_Segment_Boundaries(int offset, int count)
    {
        using var pool = new CountingPool();
        var bytes = Chain([0, 1, 2], [3], [4, 5, 6, 7, 8]);
        var destination = new byte[count];

        bytes.CopyTo(offset, destination);
        bytes.Return();

        Assert.Equal(Enumerable.Range(offset, count).Select(i => (byte)i), destination);
        Assert.Equal((3, 0, 0), (pool.Returned, pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public async Task Writes_Every_Segment_In_Order_Synchronously_And_Asynchronously()
    {
        using var pool = new CountingPool();
        var bytes = Chain([1, 2], [3, 4, 5], [6]);
        using var sync = new MemoryStream();
        using var async = new MemoryStream();

        bytes.WriteTo(sync);
        await bytes.WriteToAsync(async, CancellationToken.None);
        bytes.Return();

        Assert.Equal(6, bytes.Length);
        Assert.False(bytes.TryGetSingle(out _));
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6 }, sync.ToArray());
        Assert.Equal(sync.ToArray(), async.ToArray());
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void One_Array_Is_Handed_Out_Whole_And_Returned_Once()
    {
        using var pool = new CountingPool();
        var array = BufferPool.Rent(16);
        array.AsSpan(0, 3).Fill(9);
        var bytes = new PooledBytes(array, 3);

        Assert.True(bytes.TryGetSingle(out var single));
        Assert.Equal(new byte[] { 9, 9, 9 }, single.ToArray());
        bytes.Return();
        Assert.Equal((1, 0, 0), (pool.Returned, pool.Outstanding, pool.BadReturns));
    }

    [Fact]
    public void The_Default_Value_Is_Empty_And_Returns_Nothing()
    {
        using var pool = new CountingPool();
        var bytes = default(PooledBytes);

        bytes.Return();

        Assert.True(bytes.IsEmpty);
        Assert.Equal(0, bytes.Length);
        Assert.Equal(0, pool.Returned);
    }
}
