using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// What a large request body costs the heap after warm-up, at every write (not the least of several): in the default
/// mode the body is written while it is sent, through a bounded buffer (System.Text.Json samples the first ten
/// asynchronous writes of a type and allocates once when it is done: twelve warm-ups); in the buffered mode its bytes
/// live in pooled segments (the first body of a type fills the pool, the second settles its start size, at most 64 KiB:
/// two warm-ups). Either way a write allocates the content and a little bookkeeping, never an array the size of the
/// body, nor one new pooled size per write.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class RequestBodyAllocationTests
{
    // Refit's own write of such a body allocates about 1 KB (docs/benchmarks.md); RefitStj may add at most 2 KB to that.
    private const long MostAllocatedPerWrite = 3 * 1024;

    // One pooled size rented again after a trim: at most the 64 KiB start buffer and its bookkeeping, never a body.
    private const long MostAllocatedByARetrim = 68 * 1024;

    private readonly StjContentSerializer _serializer = new();

    [Theory]
    [InlineData("default", 360_000)] // about 12 MB
    [InlineData("default", 75_000)] // about 2.5 MB
    [InlineData("buffered", 360_000)] // a dozen segments
    [InlineData("buffered", 75_000)]
    public void Every_Write_Of_A_Large_Body_After_Warm_Up_Allocates_A_Small_Constant_Not_Its_Size(string mode, int count)
    {
        var people = Enumerable.Range(0, count).Select(i => new Person("name" + i, i)).ToList();
        HttpContent Create() => mode == "default" ? _serializer.ToHttpContent(people) : _serializer.ToHttpContentSynchronous(people);
        for (var i = 0; i < (mode == "default" ? 12 : 2); i++)
        {
            Write(Create);
        }

        var allocated = Enumerable.Range(0, 8).Select(_ => Write(Create)).ToList();

        // A collection between two writes may trim a pooled size the next write rents again (once, a few KB, seen in CI
        // under load): seven of eight writes hold the constant, and none comes near an array of the body's size.
        var message = $"writes of a {count}-person body allocated {string.Join(", ", allocated)} bytes";
        Assert.True(allocated.Count(bytes => bytes <= MostAllocatedPerWrite) >= 7, message);
        Assert.All(allocated, bytes => Assert.True(bytes <= MostAllocatedByARetrim, message));
    }

    [Fact]
    public async Task A_Buffered_Body_Starts_Every_Write_After_The_First_In_One_Size_Of_At_Most_64_KiB()
    {
        // A start size that grew a step per body (doubling toward the body's size) would rent a new size of array at each
        // write, which a pool has never kept: each such write allocates that array.
        var people = Enumerable.Range(0, 75_000).Select(i => new Person("name" + i, i)).ToList();
        using var pool = new CountingPool();
        var starts = new List<int>();
        for (var i = 0; i < 10; i++)
        {
            var first = pool.Rented;
            using (var content = _serializer.ToHttpContentSynchronous(people))
            {
                await content.CopyToAsync(Stream.Null);
            }

            starts.Add(pool.Requests[first]);
        }

        Assert.All(starts.Skip(1), start => Assert.Equal(starts[1], start));
        Assert.True(starts[1] <= 64 * 1024, $"later writes start in {starts[1]:N0} bytes");
    }

    [Fact]
    public void A_Buffered_Body_Has_Its_Exact_Length_And_A_Default_One_None()
    {
        var people = Enumerable.Range(0, 75_000).Select(i => new Person("name" + i, i)).ToList();
        using var buffered = _serializer.ToHttpContentSynchronous(people);
        using var sent = _serializer.ToHttpContent(people);
        using var copy = new MemoryStream();
        buffered.CopyTo(copy, context: null, CancellationToken.None);

        Assert.Equal(copy.Length, buffered.Headers.ContentLength);
        Assert.True(copy.Length > 75_000 * 25L, $"the body is {copy.Length} bytes");
        Assert.Null(sent.Headers.ContentLength);
    }

    private static long Write(Func<HttpContent> create)
    {
        var before = GC.GetAllocatedBytesForCurrentThread();
        using (var content = create())
        {
            var copying = content.CopyToAsync(Stream.Null);
            Assert.True(copying.IsCompletedSuccessfully, "a copy into Stream.Null completes at once, on this thread");
        }

        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
