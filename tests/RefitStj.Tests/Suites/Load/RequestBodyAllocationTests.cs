using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// What a large request body costs the heap once the pool is warm: its bytes live in pooled segments, so a write
/// allocates the content and a little bookkeeping, never an array the size of the body.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class RequestBodyAllocationTests
{
    // Refit's own write of such a body allocates about 1 KB (docs/benchmarks.md); RefitStj may add at most 2 KB to that.
    private const long MostAllocatedPerWrite = 3 * 1024;

    private readonly StjContentSerializer _serializer = new();

    [Theory]
    [InlineData(360_000)] // about 12 MB, a dozen segments
    [InlineData(75_000)] // about 2.5 MB
    public void A_Large_Body_Written_And_Copied_Allocates_A_Small_Constant_Not_Its_Size(int count)
    {
        var people = Enumerable.Range(0, count).Select(i => new Person("name" + i, i)).ToList();
        var length = 0L;

        // The least of several attempts: a test running beside this one may hold some of the pool's arrays for a moment.
        var least = long.MaxValue;
        for (var attempt = 0; attempt < 8; attempt++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            using (var content = _serializer.ToHttpContent(people))
            {
                var copying = content.CopyToAsync(Stream.Null);
                Assert.True(copying.IsCompletedSuccessfully, "a copy into Stream.Null completes at once, on this thread");
                length = content.Headers.ContentLength!.Value;
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.True(length > count * 25L, $"the body is {length} bytes");
        Assert.True(least <= MostAllocatedPerWrite, $"a write of a {length}-byte body allocated {least} bytes");
    }
}
