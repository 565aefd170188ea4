using RefitStj.Reading;

namespace RefitStj.Tests.Reading;

public sealed class DeclaredLengthStreamTests
{
    [Fact]
    public async Task A_Body_Of_Its_Declared_Length_Ends_As_Any_Stream_Does()
    {
        using var stream = new DeclaredLengthStream(new MemoryStream(new byte[100]), declared: 100);

        var read = new List<int>();
        var buffer = new byte[64];
        int count;
        while ((count = await stream.ReadAsync(buffer)) > 0)
        {
            read.Add(count);
        }

        Assert.Equal([64, 36], read);
        Assert.Equal(0, stream.Read(buffer));
    }

    [Fact]
    public async Task A_Body_Short_Of_Its_Declared_Length_Fails_At_Its_End()
    {
        using var stream = new DeclaredLengthStream(new MemoryStream(new byte[60]), declared: 100);
        var buffer = new byte[64];

        Assert.Equal(60, await stream.ReadAsync(buffer));
        var ex = await Assert.ThrowsAsync<HttpIOException>(() => stream.ReadAsync(buffer).AsTask());
        Assert.Throws<HttpIOException>(() => stream.Read(buffer));

        Assert.StartsWith("The response body ended after 60 bytes, before its Content-Length of 100 bytes: the transfer was cut.", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_Read_Into_No_Room_Is_Not_The_End()
    {
        using var stream = new DeclaredLengthStream(new MemoryStream(new byte[10]), declared: 100);

        Assert.Equal(0, stream.Read(Span<byte>.Empty));
    }
}
