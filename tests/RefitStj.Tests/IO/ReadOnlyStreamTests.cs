using RefitStj.IO;
using RefitStj.Limits;


namespace RefitStj.Tests.IO;

public sealed class ReadOnlyStreamTests
{
    public static TheoryData<string> Kinds => ["prefixed", "read-ahead", "limited"];

    [Theory]
    [MemberData(nameof(Kinds))]
    public void Is_A_Forward_Only_Read_Only_Stream(string kind)
    {
        using var stream = Create(kind, [1, 2, 3]);

        Assert.Equal((true, false, false), (stream.CanRead, stream.CanSeek, stream.CanWrite));
        Assert.Throws<NotSupportedException>(() => stream.Length);
        Assert.Throws<NotSupportedException>(() => stream.Position);
        Assert.Throws<NotSupportedException>(() => stream.Position = 0);
        Assert.Throws<NotSupportedException>(() => stream.Seek(0, SeekOrigin.Begin));
        Assert.Throws<NotSupportedException>(() => stream.SetLength(1));
        Assert.Throws<NotSupportedException>(() => stream.Write([1], 0, 1));
        stream.Flush();
    }

    [Theory]
    [MemberData(nameof(Kinds))]
    public async Task The_Array_Overloads_Read_What_The_Span_And_Memory_Ones_Do(string kind)
    {
        using var stream = Create(kind, [1, 2, 3, 4, 5, 6]);
        var first = new byte[2];
        var second = new byte[2];
        var rest = new byte[4];

#pragma warning disable CA1835 // The array overload is the one under test.
        var fromAsync = await stream.ReadAsync(first, 0, 2, CancellationToken.None);
#pragma warning restore CA1835
        var fromSync = stream.Read(second, 0, 2);
        var fromEnd = stream.Read(rest, 1, 3);

        Assert.Equal((2, 2, 2), (fromAsync, fromSync, fromEnd));
        Assert.Equal(new byte[] { 1, 2, 3, 4, 0, 5, 6, 0 }, first.Concat(second).Concat(rest));
        Assert.Equal(0, stream.Read(rest, 0, 4));
    }

    // Each kind of read-only view, over the same bytes; the prefixed one holds the first two as its prefix.
    private static Stream Create(string kind, byte[] bytes) => kind switch
    {
        "prefixed" => new PrefixedReadStream(bytes.AsMemory(0, 2), new MemoryStream(bytes[2..])),
        "read-ahead" => new ReadAheadStream(new MemoryStream(bytes), chunkSize: 2),
        _ => new BodySizeLimitStream(new MemoryStream(bytes), limit: 10),
    };
}
