using System.Diagnostics.Tracing;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// What a large request body costs the heap after warm-up, at every write: in the default mode the body is written while
/// it is sent, through System.Text.Json's bounded buffer (it samples the first ten asynchronous writes of a type and
/// allocates once when it is done: twelve warm-ups); in the buffered mode its bytes live in pooled segments (rented here
/// through a counting pool over the shared one: two warm-ups). Either way a write allocates the content and a little
/// bookkeeping, never an array the size of the body. Arrays the shared pool makes afresh (after it trimmed one at a
/// collection) are counted by its own events and set apart, so no write is excused and none is measured twice.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class RequestBodyAllocationTests
{
    // Refit's own write of such a body allocates about 1 KB (docs/benchmarks.md); RefitStj may add at most 2 KB to that.
    private const long MostAllocatedPerWrite = 3 * 1024;

    // What one event of the shared pool costs the thread that raises it (its arguments and payload), beside the array.
    private const long MostAllocatedPerPoolEvent = 1024;

    // The largest array a write may need: a pooled segment (System.Text.Json's buffer is far smaller).
    private const int LargestArray = 1024 * 1024;

    private readonly StjContentSerializer _serializer = new();

    [Theory]
    [InlineData("default", 360_000)] // about 12 MB
    [InlineData("default", 75_000)] // about 2.5 MB
    [InlineData("buffered", 360_000)] // a dozen segments
    [InlineData("buffered", 75_000)]
    public void Every_Write_Of_A_Large_Body_After_Warm_Up_Allocates_A_Small_Constant_Not_Its_Size(string mode, int count)
    {
        var people = Enumerable.Range(0, count).Select(i => new Person("name" + i, i)).ToList();
        using var pool = mode == "buffered" ? new CountingPool() : null;
        using var shared = new SharedPoolAllocations();
        HttpContent Create() => mode == "default" ? _serializer.ToHttpContent(people) : _serializer.ToHttpContentSynchronous(people);
        for (var i = 0; i < (mode == "default" ? 12 : 2); i++)
        {
            Write(Create);
        }

        var writes = Enumerable.Range(0, 8).Select(_ => Write(Create)).ToList();

        var message = $"writes of a {count}-person body allocated {string.Join(", ", writes)}";
        Assert.All(writes, write => Assert.True(write.Allocated - write.PoolArrays <= MostAllocatedPerWrite + (write.PoolEvents * MostAllocatedPerPoolEvent), message));
        Assert.All(writes, write => Assert.True(write.LargestPoolArray <= LargestArray, message));
        Assert.True(pool is null || pool.LargestRequested <= LargestArray, $"the largest rental asked for {pool?.LargestRequested:N0} bytes");
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

    private static Written Write(Func<HttpContent> create)
    {
        var pool = SharedPoolAllocations.OnThisThread;
        var before = GC.GetAllocatedBytesForCurrentThread();
        using (var content = create())
        {
            var copying = content.CopyToAsync(Stream.Null);
            Assert.True(copying.IsCompletedSuccessfully, "a copy into Stream.Null completes at once, on this thread");
        }

        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        var after = SharedPoolAllocations.OnThisThread;
        return new(allocated, after.Bytes - pool.Bytes, after.Events - pool.Events, after.Largest);
    }

    private readonly record struct Written(long Allocated, long PoolArrays, int PoolEvents, int LargestPoolArray);

    /// <summary>The arrays <see cref="System.Buffers.ArrayPool{T}.Shared"/> allocates, as its event source tells them, per thread.</summary>
    private sealed class SharedPoolAllocations : EventListener
    {
        [ThreadStatic]
        private static (long Bytes, int Events, int Largest) s_allocated;

        public static (long Bytes, int Events, int Largest) OnThisThread => s_allocated;

        // Informational: the allocations and trims only, none of the rentals and returns (Verbose), so a write that the pool
        // serves from what it keeps raises no event at all.
        protected override void OnEventSourceCreated(EventSource eventSource)
        {
            if (eventSource.Name == "System.Buffers.ArrayPoolEventSource")
            {
                EnableEvents(eventSource, EventLevel.Informational);
            }
        }

        protected override void OnEventWritten(EventWrittenEventArgs eventData)
        {
            if (eventData.EventName == "BufferAllocated" && eventData.Payload?[1] is int size)
            {
                s_allocated = (s_allocated.Bytes + size, s_allocated.Events + 1, Math.Max(s_allocated.Largest, size));
            }
            else if (eventData.EventName is not null)
            {
                s_allocated.Events++;
            }
        }
    }
}
