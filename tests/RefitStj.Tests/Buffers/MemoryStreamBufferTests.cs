using System.Text;
using RefitStj.Buffers;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Buffers;

public sealed class MemoryStreamBufferTests
{
    private static readonly byte[] s_body = Encoding.UTF8.GetBytes("""{"name":"m","age":2}""");

    [Fact]
    public void TryGet_Returns_The_Hidden_Array_Itself_From_Its_Start_And_Leaves_The_Position()
    {
        var array = new byte[s_body.Length + 8];
        s_body.CopyTo(array, 4);
        using var memory = new MemoryStream(array, 4, s_body.Length, writable: false);
        memory.Position = 7;

        Assert.True(MemoryStreamBuffer.TryGet(memory, out var bytes));

        Assert.Same(array, bytes.Array);
        Assert.Equal(s_body, bytes.AsSpan().ToArray());
        Assert.Equal(7, memory.Position);
    }

    [Fact]
    public void TryGet_Returns_A_Visible_Buffer_Without_Copying()
    {
        using var memory = new MemoryStream();
        memory.Write(s_body);

        Assert.True(MemoryStreamBuffer.TryGet(memory, out var bytes));

        Assert.Same(memory.GetBuffer(), bytes.Array);
        Assert.Equal(s_body, bytes.AsSpan().ToArray());
        Assert.Equal(s_body.Length, memory.Position);
    }

    [Fact]
    public void TryGet_Gives_An_Empty_Segment_For_An_Empty_Stream()
    {
        using var memory = new MemoryStream([], writable: false);

        Assert.True(MemoryStreamBuffer.TryGet(memory, out var bytes));

        Assert.Equal(0, bytes.Count);
    }

    [Fact]
    public void TryGet_Refuses_A_Subclass_And_Leaves_It_Unread()
    {
        using var memory = new SubclassedMemoryContent.HiddenMemoryStream(s_body);

        Assert.False(MemoryStreamBuffer.TryGet(memory, out _));

        Assert.Equal(0, memory.Position);
    }

    [Fact]
    public async Task TryGet_Reaches_The_Array_Of_A_Content_Buffered_By_HttpClient()
    {
        // What Refit 11.2+ hands the serializer: a response content buffered by LoadIntoBufferAsync.
        using var content = new StreamContent(new TrickleStream(s_body));
        await content.LoadIntoBufferAsync();
        var memory = Assert.IsType<MemoryStream>(await content.ReadAsStreamAsync());

        Assert.True(MemoryStreamBuffer.TryGet(memory, out var bytes));

        Assert.Equal(s_body, bytes.AsSpan().ToArray());
        Assert.Equal(s_body, await content.ReadAsByteArrayAsync());
    }

    [Fact]
    public void TryGet_Starts_Each_Call_Afresh_On_The_Same_Thread()
    {
        using var first = new MemoryStream(s_body, writable: false);
        using var second = new MemoryStream("[1]"u8.ToArray(), writable: false);
        using var empty = new MemoryStream([], writable: false);

        Assert.True(MemoryStreamBuffer.TryGet(first, out _));
        Assert.True(MemoryStreamBuffer.TryGet(second, out var secondBytes));
        Assert.True(MemoryStreamBuffer.TryGet(empty, out var emptyBytes));

        Assert.Equal("[1]"u8.ToArray(), secondBytes.AsSpan().ToArray());
        Assert.Equal(0, emptyBytes.Count);
    }

    [Fact]
    public void Capture_Refuses_A_Body_That_Came_In_Two_Writes()
    {
        using var capture = new MemoryStreamBuffer.Capture();
        capture.Write(s_body, 0, 5);
        capture.Write(s_body, 5, s_body.Length - 5);

        Assert.False(capture.TryTake(out _));
    }

    [Fact]
    public void Capture_Refuses_A_Span_Write_Whose_Array_Would_Be_A_Temporary()
    {
        using var capture = new MemoryStreamBuffer.Capture();
        capture.Write(s_body.AsSpan());

        Assert.False(capture.TryTake(out _));
    }

    [Fact]
    public void Capture_Keeps_The_Array_Of_A_Single_Write()
    {
        using var capture = new MemoryStreamBuffer.Capture();
        capture.Write(s_body, 3, 4);

        Assert.True(capture.TryTake(out var bytes));

        Assert.Same(s_body, bytes.Array);
        Assert.Equal((3, 4), (bytes.Offset, bytes.Count));
    }

    [Fact]
    public void Capture_Is_A_Write_Only_Stream_That_Cannot_Be_Read_Or_Positioned()
    {
        using var capture = new MemoryStreamBuffer.Capture();
        capture.Flush();

        Assert.Equal((false, false, true), (capture.CanRead, capture.CanSeek, capture.CanWrite));
        Assert.Throws<NotSupportedException>(() => capture.Length);
        Assert.Throws<NotSupportedException>(() => capture.Position);
        Assert.Throws<NotSupportedException>(() => capture.Position = 0);
        Assert.Throws<NotSupportedException>(() => capture.Read(new byte[1], 0, 1));
        Assert.Throws<NotSupportedException>(() => capture.Seek(0, SeekOrigin.Begin));
        Assert.Throws<NotSupportedException>(() => capture.SetLength(0));
    }
}
