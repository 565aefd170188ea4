using RefitStj.IO;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.IO;

public sealed class PrefixedReadStreamTests
{
    [Fact]
    public async Task Async_Reads_Give_The_Prefix_Then_The_Rest_In_Order()
    {
        using var stream = new PrefixedReadStream("abcde"u8.ToArray(), new TrickleStream("fghij"u8.ToArray(), chunk: 2));

        Assert.Equal("abcdefghij"u8.ToArray(), await ReadAllAsync(stream, readSize: 3));
    }

    [Fact]
    public void Sync_Reads_Give_The_Prefix_Then_The_Rest_In_Order()
    {
        using var stream = new PrefixedReadStream("abc"u8.ToArray(), new MemoryStream("defg"u8.ToArray()));
        var buffer = new byte[2];
        var read = new List<byte>();

        for (var count = stream.Read(buffer, 0, 2); count > 0; count = stream.Read(buffer, 0, 2))
        {
            read.AddRange(buffer[..count]);
        }

        Assert.Equal("abcdefg"u8.ToArray(), read);
    }

    [Fact]
    public async Task An_Empty_Prefix_Reads_Straight_Through()
    {
        using var stream = new PrefixedReadStream(ReadOnlyMemory<byte>.Empty, new TrickleStream("xyz"u8.ToArray()));

        Assert.Equal("xyz"u8.ToArray(), await ReadAllAsync(stream, readSize: 16));
    }

    internal static async Task<byte[]> ReadAllAsync(Stream stream, int readSize)
    {
        var buffer = new byte[readSize];
        var read = new List<byte>();

        // The array overload on purpose: it must read through as the memory one does (System.Text.Json calls that one).
#pragma warning disable CA1835
        for (var count = await stream.ReadAsync(buffer, 0, readSize); count > 0; count = await stream.ReadAsync(buffer, 0, readSize))
#pragma warning restore CA1835
        {
            read.AddRange(buffer[..count]);
        }

        return [.. read];
    }
}
