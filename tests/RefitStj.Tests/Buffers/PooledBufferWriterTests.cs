using RefitStj.Buffers;

namespace RefitStj.Tests.Buffers;

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
}
