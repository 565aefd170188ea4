using RefitStj.IO;
using RefitStj.Limits;


namespace RefitStj.Tests.IO;

public sealed class ObservedReadStreamTests
{
    [Fact]
    public async Task Every_Read_Overload_Reads_Through_To_The_Inner_Stream()
    {
        using var stream = new BodySizeLimitStream(new MemoryStream([1, 2, 3, 4, 5, 6]), limit: 10);
        var array = new byte[2];
        var memory = new byte[2];
        var span = new byte[2];

#pragma warning disable CA1835 // The array overload is the one under test.
        var fromArray = await stream.ReadAsync(array, 0, 2, CancellationToken.None);
#pragma warning restore CA1835
        var fromMemory = await stream.ReadAsync(memory.AsMemory());
        var fromSpan = stream.Read(span.AsSpan());

        Assert.Equal((2, 2, 2), (fromArray, fromMemory, fromSpan));
        Assert.Equal(new byte[] { 1, 2, 3, 4, 5, 6 }, array.Concat(memory).Concat(span));
        Assert.Equal(0, stream.Read(span, 0, 2));
    }
}
