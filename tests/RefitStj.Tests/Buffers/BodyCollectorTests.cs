using System.Globalization;
using RefitStj.Buffers;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Buffers;

[Collection(nameof(BufferPoolIsolation))]
public sealed class BodyCollectorTests
{
    [Fact]
    public void Is_A_Write_Only_Stream_Without_Length_Position_Or_Seek()
    {
        var collector = BodyCollector.Rent(long.MaxValue);
        try
        {
            Assert.False(collector.CanRead);
            Assert.False(collector.CanSeek);
            Assert.True(collector.CanWrite);
            Assert.Throws<NotSupportedException>(() => collector.Read(new byte[1], 0, 1));
            Assert.Throws<NotSupportedException>(() => collector.Length);
            Assert.Throws<NotSupportedException>(() => collector.Position);
            Assert.Throws<NotSupportedException>(() => collector.Seek(0, SeekOrigin.Begin));
        }
        finally
        {
            collector.Dispose();
        }
    }

    [Fact]
    public void First_Write_Rents_Just_The_Body_And_Filling_That_Array_To_Its_Last_Byte_Rents_Nothing_More()
    {
        using var pool = new CountingPool();
        var collector = BodyCollector.Rent(long.MaxValue);

        collector.Write(Bytes(100, seed: 1));
        Assert.Equal((1, 100), (pool.Rented, pool.LastRequested));

        // The shared pool hands out 128 bytes for 100: the next 28 fit exactly.
        collector.Write(Bytes(28, seed: 2));
        Assert.Equal(1, pool.Rented);
        Assert.Equal(Bytes(100, seed: 1).Concat(Bytes(28, seed: 2)), collector.Written.ToArray());

        collector.Dispose();
        Assert.Equal((1, 1, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Body_In_Pieces_Grows_To_16_KiB_First_Then_Doubles_Keeping_Every_Byte()
    {
        using var pool = new CountingPool();
        var collector = BodyCollector.Rent(long.MaxValue);
        byte[][] pieces = [Bytes(100, seed: 1), Bytes(100, seed: 2), Bytes(20_000, seed: 3)];

        collector.Write(pieces[0]);
        collector.Write(pieces[1]);
        Assert.Equal(16 * 1024, pool.LastRequested);

        collector.Write(pieces[2]);
        Assert.Equal(32 * 1024, pool.LastRequested);

        Assert.Equal(pieces.SelectMany(piece => piece), collector.Written.ToArray());
        collector.Dispose();
        Assert.Equal((3, 3, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Piece_Larger_Than_Double_The_Array_Gets_An_Array_Of_Its_Size()
    {
        Assert.Equal(50_000, BodyCollector.NextSize(20_000, 50_000));
        Assert.Equal(40_000, BodyCollector.NextSize(20_000, 20_001));
        Assert.Equal(777, BodyCollector.NextSize(null, 777));
    }

    [Fact]
    public void A_Body_Of_The_Most_One_Array_Holds_Is_Accepted_And_One_Byte_More_Is_Refused()
    {
        Assert.Equal(Array.MaxLength, BodyCollector.NextSize(null, Array.MaxLength));
        Assert.Equal(Array.MaxLength, BodyCollector.NextSize(Array.MaxLength / 2 + 1, Array.MaxLength));

        var ex = Assert.Throws<InvalidOperationException>(() => BodyCollector.NextSize(1024, Array.MaxLength + 1L));
        Assert.Contains(Array.MaxLength.ToString(CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
        Assert.Contains("larger than", ex.Message, StringComparison.Ordinal);
    }

    private static byte[] Bytes(int count, int seed) => Enumerable.Range(0, count).Select(i => (byte)(i * 7 + seed)).ToArray();
}
