using RefitStj.IO;
using RefitStj.Reading;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class StreamBuffersTests
{
    [Theory]
    [InlineData(100, long.MaxValue, 16 * 1024)]
    [InlineData(16 * 1024, long.MaxValue, 32 * 1024)]
    [InlineData(16 * 1024, 20_000, 20_001)]
    [InlineData(16 * 1024, 100, (16 * 1024) + 1)]
    [InlineData(100, 16 * 1024, 16 * 1024)]
    public void Grow_Doubles_From_16_KiB_Up_To_One_Byte_Past_The_Limit_But_Always_By_At_Least_One(int length, long limit, int expected)
    {
        using var pool = new CountingPool();
        var buffer = BufferPool.Rent(length);
        Enumerable.Range(0, length).Select(i => (byte)i).ToArray().CopyTo(buffer, 0);

        var larger = StreamBuffers.Grow(buffer, length, limit);

        Assert.Equal(expected, pool.LastRequested);
        Assert.Equal(Enumerable.Range(0, length).Select(i => (byte)i), larger.Take(length));
        Assert.Equal((2, 1), (pool.Rented, pool.Returned));
        BufferPool.Return(larger);
    }

    [Fact]
    public void Grow_Refuses_A_Value_That_Already_Fills_The_Largest_Array()
    {
        using var pool = new CountingPool();

        var ex = Assert.Throws<InvalidOperationException>(() => StreamBuffers.Grow([], Array.MaxLength));

        Assert.Contains(Array.MaxLength.ToString(System.Globalization.CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
        Assert.Equal(0, pool.Rented);
    }

    [Theory]
    [InlineData(100, 1000, 0, 100)]
    [InlineData(100, 1000, 900, 100)]
    [InlineData(100, 1000, 901, 100)]
    [InlineData(100, 1000, 950, 51)]
    [InlineData(100, 1000, 1000, 1)]
    public void Room_Lets_A_Read_Reach_At_Most_One_Byte_Past_The_Limit(int free, long limit, long held, int expected)
    {
        Assert.Equal(expected, StreamBuffers.Room(free, limit, held));
    }

    [Fact]
    public void WhiteSpace_Is_Exactly_The_Four_Json_Whitespace_Bytes()
    {
        var all = Enumerable.Range(0, 256).Select(i => (byte)i).Where(JsonBody.WhiteSpace.Contains);

        Assert.Equal(" \t\r\n"u8.ToArray().Order(), all);
    }
}
