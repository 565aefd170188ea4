using System.Buffers;
using System.Text;
using RefitStj.Http;

namespace RefitStj.Tests.Http;

public sealed class PooledJsonContentTests
{
    private static PooledJsonContent Create(string json)
    {
        var bytes = Encoding.UTF8.GetBytes(json);
        var rented = ArrayPool<byte>.Shared.Rent(bytes.Length);
        bytes.CopyTo(rented, 0);
        return new PooledJsonContent(rented, bytes.Length);
    }

    [Fact]
    public void Reports_Its_Exact_Length_And_Json_Content_Type()
    {
        using var content = Create("[1,2,3]");

        Assert.Equal(7, content.Headers.ContentLength);
        Assert.Equal("application/json", content.Headers.ContentType!.MediaType);
        Assert.Equal("utf-8", content.Headers.ContentType.CharSet);
    }

    [Fact]
    public void Each_Content_Has_Its_Own_Content_Type_Instance()
    {
        using var first = Create("1");
        using var second = Create("2");

        first.Headers.ContentType!.CharSet = "utf-16";

        Assert.NotSame(first.Headers.ContentType, second.Headers.ContentType);
        Assert.Equal("utf-8", second.Headers.ContentType!.CharSet);
    }

    [Fact]
    public async Task Can_Be_Copied_Streamed_And_Read_Many_Times()
    {
        using var content = Create("""{"a":1}""");

        var viaString = await content.ReadAsStringAsync();
        await using var viaStream = await content.ReadAsStreamAsync();
        using var reader = new StreamReader(viaStream);
        var streamed = await reader.ReadToEndAsync();
        using var copy = new MemoryStream();
        content.CopyTo(copy, null, CancellationToken.None);
        using var other = Create("""{"a":1}""");
        using var syncStream = other.ReadAsStream();

        Assert.Equal("""{"a":1}""", viaString);
        Assert.Equal(viaString, streamed);
        Assert.Equal(viaString, Encoding.UTF8.GetString(copy.ToArray()));
        Assert.Equal(7, syncStream.Length);
    }

    [Fact]
    public void Read_Stream_Is_Read_Only()
    {
        using var content = Create("{}");
        using var stream = content.ReadAsStream();

        Assert.False(stream.CanWrite);
        Assert.Throws<NotSupportedException>(() => stream.WriteByte(1));
    }

    [Fact]
    public async Task Reading_After_Dispose_Throws_ObjectDisposedException()
    {
        var content = Create("{}");
        content.Dispose();

        Assert.Throws<ObjectDisposedException>(() => content.Memory);
        await Assert.ThrowsAsync<ObjectDisposedException>(() => content.ReadAsStringAsync());
        await Assert.ThrowsAsync<ObjectDisposedException>(() => content.CopyToAsync(new MemoryStream()));
    }

    [Fact]
    public void Dispose_Twice_Is_Harmless()
    {
        var content = Create("{}");

        content.Dispose();
        content.Dispose();

        Assert.Throws<ObjectDisposedException>(() => content.Memory);
    }

    [Fact]
    public void Memory_Holds_Exactly_The_Body()
    {
        using var content = Create("true");

        Assert.Equal("true", Encoding.UTF8.GetString(content.Memory.Span));
    }

    [Fact]
    public void Synchronous_Copy_Of_Fresh_Content_Writes_The_Body()
    {
        using var content = Create("[true]");
        using var wire = new MemoryStream();

        content.CopyTo(wire, null, CancellationToken.None);

        Assert.Equal("[true]", Encoding.UTF8.GetString(wire.ToArray()));
    }

    [Fact]
    public async Task Stream_Of_Fresh_Content_Reads_The_Body_Without_Buffering_It()
    {
        using var content = Create("[false]");

        await using var stream = await content.ReadAsStreamAsync();

        Assert.IsType<MemoryStream>(stream);
        Assert.Equal(7, stream.Length);
        Assert.Equal((byte)'[', (byte)stream.ReadByte());
    }
}
