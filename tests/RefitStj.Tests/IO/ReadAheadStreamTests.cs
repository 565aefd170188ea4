using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

[Collection(nameof(BufferPoolIsolation))]
public sealed class ReadAheadStreamTests
{
    private static readonly byte[] s_data = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();

    [Fact]
    public async Task Small_Reads_Wait_On_The_Inner_Stream_Once_A_Chunk()
    {
        var inner = new TrickleStream(s_data, chunk: 1000);
        using var stream = new ReadAheadStream(inner, chunkSize: 32);

        var read = await PrefixedReadStreamTests.ReadAllAsync(stream, readSize: 3);

        Assert.Equal(s_data, read);
        Assert.Equal(5, inner.AsyncReads);
    }

    [Fact]
    public void Sync_Reads_Read_A_Chunk_At_A_Time_Too_Into_One_Rented_Chunk()
    {
        using var pool = new CountingPool();
        var inner = new CountingMemoryStream(s_data);
        using var stream = new ReadAheadStream(inner, chunkSize: 40);
        var buffer = new byte[7];
        var read = new List<byte>();

        for (var count = stream.Read(buffer, 0, 7); count > 0; count = stream.Read(buffer, 0, 7))
        {
            read.AddRange(buffer[..count]);
        }

        Assert.Equal(s_data, read);
        Assert.Equal(4, inner.Reads);
        Assert.Equal(1, pool.Rented);
    }

    [Fact]
    public async Task Its_Chunk_Is_Rented_Once_And_Goes_Back_On_Dispose()
    {
        using var pool = new CountingPool();
        var stream = new ReadAheadStream(new TrickleStream(s_data, chunk: 10), chunkSize: 64);

        await PrefixedReadStreamTests.ReadAllAsync(stream, readSize: 5);
        Assert.Equal((1, 64, 0), (pool.Rented, pool.LastRequested, pool.Returned));

        stream.Dispose();
        stream.Dispose();
        Assert.Equal((1, 0), (pool.Returned, pool.BadReturns));
    }

    [Fact]
    public async Task An_Empty_Read_Reads_Nothing_From_The_Inner_Stream()
    {
        var inner = new TrickleStream(s_data);
        using var stream = new ReadAheadStream(inner, chunkSize: 16);

        Assert.Equal(0, await stream.ReadAsync(Memory<byte>.Empty));
        Assert.Equal(0, inner.AsyncReads);
    }

    private sealed class CountingMemoryStream(byte[] data) : MemoryStream(data)
    {
        public int Reads { get; private set; }

        public override int Read(byte[] buffer, int offset, int count)
        {
            Reads++;
            return base.Read(buffer, offset, count);
        }
    }
}
