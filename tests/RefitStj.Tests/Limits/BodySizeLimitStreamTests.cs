using RefitStj.IO;
using RefitStj.Limits;


namespace RefitStj.Tests.Limits;

public sealed class BodySizeLimitStreamTests
{
    [Fact]
    public async Task A_Stream_Of_Exactly_The_Limit_Is_Read_To_The_End()
    {
        var body = Bytes(100);
        var limited = new BodySizeLimitStream(new MemoryStream(body), limit: 100);
        using var copy = new MemoryStream();

        await limited.CopyToAsync(copy);

        Assert.Equal(body, copy.ToArray());
    }

    [Fact]
    public void A_Stream_Under_The_Limit_Is_Read_Synchronously_In_Reads_Of_Any_Size()
    {
        var body = Bytes(100);
        var limited = new BodySizeLimitStream(new MemoryStream(body), limit: 1000);
        var buffer = new byte[30];
        var read = new List<byte>();

        for (var n = limited.Read(buffer, 0, buffer.Length); n > 0; n = limited.Read(buffer, 0, buffer.Length))
        {
            Assert.Equal(Math.Min(30, 100 - read.Count), n);
            read.AddRange(buffer.AsSpan(0, n).ToArray());
        }

        Assert.Equal(body, read);
    }

    [Fact]
    public async Task One_Byte_Past_The_Limit_Throws_The_Counted_Exception()
    {
        var limited = new BodySizeLimitStream(new MemoryStream(Bytes(101)), limit: 100);

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => limited.CopyToAsync(Stream.Null));

        Assert.Equal(100, ex.Limit);
        Assert.Equal(101, ex.Size);
        Assert.Contains("reading stopped after 101 bytes", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Reads_Ask_The_Inner_Stream_For_At_Most_One_Byte_Past_The_Limit()
    {
        var inner = new MemoryStream(Bytes(10_000));
        var limited = new BodySizeLimitStream(inner, limit: 100);

        var first = limited.Read(new byte[60], 0, 60);
        var ex = Assert.Throws<ResponseTooLargeException>(() => limited.Read(new byte[4096], 0, 4096));

        Assert.Equal(60, first);
        Assert.Equal(101, inner.Position);
        Assert.Equal(101, ex.Size);
    }

    private static byte[] Bytes(int count) => Enumerable.Range(0, count).Select(i => (byte)i).ToArray();
}
