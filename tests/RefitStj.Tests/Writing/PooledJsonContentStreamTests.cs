using System.Text;
using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Writing;

[Collection(nameof(BufferPoolIsolation))]
public sealed class PooledJsonContentStreamTests
{
    private static readonly StjContentSerializer s_serializer = new();

    private static HttpContent Create(string json) => s_serializer.ToHttpContentSynchronous(JsonDocument.Parse(json).RootElement);

    [Fact]
    public void Is_Readable_And_Seekable_Until_Disposed_And_Then_Refuses_Every_Use()
    {
        using var content = Create("[1,2,3]");
        var stream = content.ReadAsStream();
        Assert.True(stream.CanRead);
        Assert.True(stream.CanSeek);

        stream.Dispose();

        Assert.False(stream.CanRead);
        Assert.False(stream.CanSeek);
        Assert.Throws<ObjectDisposedException>(() => stream.Length);
        Assert.Throws<ObjectDisposedException>(() => stream.Position);
        Assert.Throws<ObjectDisposedException>(() => stream.Position = 0);
        Assert.Throws<ObjectDisposedException>(() => stream.Read(new byte[1], 0, 1));
    }

    [Fact]
    public async Task ReadAsync_Reports_Disposal_And_Cancellation_In_The_Task()
    {
        using var content = Create("[1]");
        var stream = content.ReadAsStream();
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        var cancelled = stream.ReadAsync(new byte[3], cts.Token);
        stream.Dispose();
        var disposed = stream.ReadAsync(new byte[3]);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => cancelled.AsTask());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => disposed.AsTask());
    }

    [Fact]
    public async Task Reads_Into_The_Given_Part_Of_An_Array()
    {
        using var content = Create("[1,2]");
        var stream = content.ReadAsStream();
        var buffer = new byte[9];

        var first = stream.Read(buffer, 2, 3);
        var second = await stream.ReadAsync(buffer.AsMemory(5, 4));

        Assert.Equal((3, 2), (first, second));
        Assert.Equal("\0\0[1,2]\0\0", Encoding.ASCII.GetString(buffer));
        Assert.Equal(0, stream.Read(buffer, 0, 9));
    }

    [Fact]
    public void Seeks_From_Begin_Current_And_End_And_Reads_Nothing_Past_The_End()
    {
        using var content = Create("[1,2,3]");
        var stream = content.ReadAsStream();

        Assert.Equal(2, stream.Seek(2, SeekOrigin.Begin));
        Assert.Equal(5, stream.Seek(3, SeekOrigin.Current));
        Assert.Equal((byte)'3', stream.ReadByte());
        Assert.Equal(6, stream.Seek(-1, SeekOrigin.End));
        Assert.Equal((byte)']', stream.ReadByte());
        Assert.Equal(10, stream.Seek(3, SeekOrigin.End));
        Assert.Equal(0, stream.Read(new byte[4], 0, 4));
        Assert.Equal(10, stream.Position);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(0, (SeekOrigin)3));
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Position = -1);
        Assert.Throws<ArgumentOutOfRangeException>(() => stream.Seek(-8, SeekOrigin.End));
    }

    [Fact]
    public void Cannot_Be_Resized_Or_Written_And_Flush_Does_Nothing()
    {
        using var content = Create("{}");
        var stream = content.ReadAsStream();

        stream.Flush();

        Assert.False(stream.CanWrite);
        Assert.Throws<NotSupportedException>(() => stream.SetLength(0));
        Assert.Throws<NotSupportedException>(() => stream.Write([1], 0, 1));
        Assert.Equal(2, stream.Length);
    }

    [Fact]
    public async Task Reads_Into_A_Null_Array_Throw_ArgumentNullException()
    {
        using var content = Create("[1]");
        var stream = content.ReadAsStream();

        Assert.Throws<ArgumentNullException>(() => stream.Read(null!, 0, 0));
        await Assert.ThrowsAsync<ArgumentNullException>(() => stream.ReadAsync(null!, 0, 0, CancellationToken.None));
    }

    [Fact]
    public async Task A_Read_At_The_End_After_The_Array_Went_Back_Returns_Nothing_Without_Serializing_Again()
    {
        using var pool = new CountingPool();
        using var content = Create("[1,2,3]");
        var stream = content.ReadAsStream();
        stream.ReadExactly(new byte[7]);
        await Bodies.TextOf(content);
        var rented = pool.Rented;

        Assert.Equal(0, stream.Read(new byte[4], 0, 4));
        Assert.Equal(rented, pool.Rented);
    }
}
