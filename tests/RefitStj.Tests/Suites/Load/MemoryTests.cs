using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// Tests that move hundreds of megabytes or measure the whole process's heap. They run alone (after the parallel
/// tests), so neither disturbs, nor is disturbed by, another test's memory.
/// </summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed class MemoryTests
{
    private readonly StjContentSerializer _serializer = new();

    // The JSON Lines reader grows its own buffer, and arrays over 1 MiB never enter the shared pool. System.Text.Json's
    // array reader and the server-sent event parser rent from the shared pool themselves, doubling: their arrays add up
    // to a few times the limit, which the pool keeps for reuse; a later endless item reuses them rather than adding more.
    private static long RetainedBound(StreamingContentFormat format) =>
        format == StreamingContentFormat.JsonLines ? 4L * 1024 * 1024 : 5L * 16 * 1024 * 1024;

    public static TheoryData<StreamingContentFormat, string, string, string, string> Formats => StjContentSerializerStreamingTests.Formats;

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Hundreds_Of_Megabytes_Stream_Through_A_Flat_Heap(StreamingContentFormat format, string template, string separator, string prefix, string suffix)
    {
        const long count = 7_000_000;
        var stream = new GeneratedStream(count, template, separator, prefix, suffix);
        var baseline = GC.GetTotalMemory(forceFullCollection: true);
        long peak = 0, seen = 0, idSum = 0;

        await foreach (var tick in _serializer.DeserializeStreamAsync<Tick>(stream, format))
        {
            idSum += tick!.Id;
            if (++seen % 1_000_000 == 0)
            {
                peak = Math.Max(peak, GC.GetTotalMemory(forceFullCollection: true) - baseline);
            }
        }

        Assert.Equal(count, seen);
        Assert.Equal(count * (count - 1) / 2, idSum);
        Assert.True(stream.BytesProduced > 200_000_000, $"{stream.BytesProduced} bytes");
        Assert.True(peak < 8 * 1024 * 1024, $"heap grew by {peak} bytes while streaming {stream.BytesProduced} bytes");
    }

    public static TheoryData<StreamingContentFormat, string> EndlessItems => new()
    {
        { StreamingContentFormat.JsonLines, "{\"id\":1}\n{\"id\":2,\"name\":\"" },
        { StreamingContentFormat.ServerSentEvents, "data: {\"id\":1}\n\ndata: {\"id\":2,\"name\":\"" },
        { StreamingContentFormat.JsonArray, "[{\"id\":1},{\"id\":2,\"name\":\"" },
    };

    [Theory]
    [MemberData(nameof(EndlessItems))]
    public async Task An_Endless_Item_Fails_At_The_Default_Item_Limit_And_Leaves_No_Large_Arrays_Behind(StreamingContentFormat format, string prefix)
    {
        // 48 MB of one string that never closes: "endless" to a reader limited to 16 MiB, and bounded should the limit fail.
        var stream = new GeneratedStream(12_000, new string('x', 4000), "", prefix);
        var baseline = GC.GetTotalMemory(forceFullCollection: true);
        var seen = 0;

        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(async () =>
        {
            await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(stream, format))
            {
                seen++;
            }
        });
        var retained = GC.GetTotalMemory(forceFullCollection: true) - baseline;

        Assert.Equal(1, seen);
        Assert.Equal(16 * 1024 * 1024, ex.Limit);
        Assert.Contains("MaxStreamItemSize", ex.Message, StringComparison.Ordinal);
        Assert.InRange(stream.BytesProduced, 16 * 1024 * 1024, (17 * 1024 * 1024) + 1);
        Assert.True(retained < RetainedBound(format), $"{retained} bytes still held after a full collection");
    }

    [Fact]
    public async Task A_100_MB_String_Is_Read_Whole_Or_Refused_By_The_Size_Limit()
    {
        var body = new byte[100 * 1024 * 1024 + 20];
        "{\"name\":\""u8.CopyTo(body);
        body.AsSpan(9, 100 * 1024 * 1024).Fill((byte)'x');
        "\",\"age\":7}"u8.CopyTo(body.AsSpan(9 + (100 * 1024 * 1024)));
        var length = 9 + (100 * 1024 * 1024) + 10;

        var limited = new StjContentSerializer { MaxResponseBodySize = 1024 * 1024 };
        var stream = new TrickleStream(body[..length], chunk: 64 * 1024);
        await Assert.ThrowsAsync<ResponseTooLargeException>(() => limited.FromHttpContentAsync<Person>(new StreamContent(stream)));
        Assert.True(stream.AsyncReads < 40, $"{stream.AsyncReads} reads before refusing");

        var person = await _serializer.FromHttpContentAsync<Person>(new ByteArrayContent(body, 0, length));
        Assert.Equal(100 * 1024 * 1024, person!.Name.Length);
        Assert.Equal(7, person.Age);
    }
}
