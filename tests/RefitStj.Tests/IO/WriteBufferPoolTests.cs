using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.Extensions.Time.Testing;
using RefitStj.IO;

namespace RefitStj.Tests.IO;

/// <summary>
/// The request-body pool: what it keeps is bounded whatever the core count or the burst, it drops what is not used
/// between two trims (gen-2 collections), and under concurrent rents and returns it never hands one array to two renters.
/// </summary>
[Collection(nameof(Support.BufferPoolIsolation))]
public sealed class WriteBufferPoolTests
{
    [Fact(Timeout = 30_000)]
    public async Task An_Idle_Process_Gives_Back_What_A_Burst_Left_At_The_Second_Idle_Trim_Without_A_Collection()
    {
        var clock = new FakeTimeProvider();
        var period = WriteBufferPool.IdleTrimPeriod;
        var kept = 8L * 1024 * 1024;
        WriteBufferPool.TimeProvider = clock;
        try
        {
            // A collection trims too (the pool's finalizer): only a pass with none in it tells what the timer did, so a pass
            // with one is run again, never skipped. The finalizers of collections before the pass run before it starts.
            while (true)
            {
                var collections = GC.CollectionCount(0);
                GC.WaitForPendingFinalizers();
                WriteBufferPool.Trim();
                WriteBufferPool.Trim();
                var arrays = Enumerable.Range(0, 8).Select(_ => WriteBufferPool.Rent(1024 * 1024)).ToList();
                arrays.ForEach(WriteBufferPool.Return);
                var returned = WriteBufferPool.RetainedBytes;
                clock.Advance(period - TimeSpan.FromMilliseconds(1));
                var beforeFirst = WriteBufferPool.RetainedBytes;
                clock.Advance(TimeSpan.FromMilliseconds(1));
                var afterFirst = WriteBufferPool.RetainedBytes;
                clock.Advance(period);
                var afterSecond = WriteBufferPool.RetainedBytes;
                if (GC.CollectionCount(0) != collections)
                {
                    await Task.Yield();
                    continue;
                }

                // The first trim only marks the sizes unused (they were rented since the last one); the second drops them.
                Assert.Equal((kept, kept, kept, 0L), (returned, beforeFirst, afterFirst, afterSecond));
                return;
            }
        }
        finally
        {
            WriteBufferPool.TimeProvider = TimeProvider.System;
        }
    }

    [Fact]
    public void A_Burst_Of_Returns_Keeps_At_Most_The_Bound()
    {
        WriteBufferPool.Trim();
        WriteBufferPool.Trim();
        var arrays = Enumerable.Range(0, 64).Select(_ => WriteBufferPool.Rent(1024 * 1024)).ToList();

        arrays.ForEach(WriteBufferPool.Return);

        Assert.InRange(WriteBufferPool.RetainedBytes, 1024 * 1024, WriteBufferPool.MaxRetainedBytes);
    }

    [Fact]
    public void A_Burst_Of_Several_Sizes_Keeps_At_Most_The_Bound_In_All()
    {
        // Each size alone may keep up to the bound; together they must not pass it.
        WriteBufferPool.Trim();
        WriteBufferPool.Trim();
        int[] sizes = [1024 * 1024, 512 * 1024, 256 * 1024];
        var arrays = sizes.SelectMany(size => Enumerable.Range(0, 64).Select(_ => WriteBufferPool.Rent(size))).ToList();
        arrays.ForEach(WriteBufferPool.Return);

        Assert.True(WriteBufferPool.RetainedBytes <= WriteBufferPool.MaxRetainedBytes, $"{WriteBufferPool.RetainedBytes:N0} bytes kept");
        Assert.True(WriteBufferPool.RetainedBytes >= WriteBufferPool.MaxRetainedBytes / 2, $"{WriteBufferPool.RetainedBytes:N0} bytes kept");
    }

    [Fact]
    public void A_Collectible_Load_Context_That_Used_The_Pool_Unloads()
    {
        // The pool's gen-2 trim and idle timer must not keep the assembly alive once its load context unloads: the
        // copy's pool stops at the unloading, and the copy is collected, with or without coverage instrumentation.
        var (context, stopped) = LoadUseAndUnload();
        Assert.True(stopped, "the pool of the unloading copy did not stop");

        for (var i = 0; i < 10 && context.IsAlive; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }

        Assert.False(context.IsAlive, "the load context was still alive after 10 full collections");
    }

    [Fact]
    public void Sizes_Come_Back_Rounded_To_A_Power_Of_Two_And_Are_Reused()
    {
        var first = WriteBufferPool.Rent(40_000);
        WriteBufferPool.Return(first);

        var second = WriteBufferPool.Rent(33_000);

        Assert.Equal(65_536, first.Length);
        Assert.Same(first, second);
        WriteBufferPool.Return(second);
    }

    [Fact]
    public void What_Is_Not_Rented_Between_Two_Trims_Goes_Back_To_The_Runtime()
    {
        var array = WriteBufferPool.Rent(256 * 1024);
        WriteBufferPool.Return(array);
        var weak = new WeakReference(array);
        array = null;

        WriteBufferPool.Trim(); // marks every size unused
        WriteBufferPool.Trim(); // drops them

        Assert.Equal(0, WriteBufferPool.RetainedBytes);
        Collect();
        Assert.False(weak.IsAlive, "the pool still held the array");
    }

    [Fact]
    public void Gen2_Collections_Trim_The_Pool_Without_A_Caller()
    {
        var arrays = Enumerable.Range(0, 8).Select(_ => WriteBufferPool.Rent(128 * 1024)).ToList();
        arrays.ForEach(WriteBufferPool.Return);
        Assert.True(WriteBufferPool.RetainedBytes > 0);

        for (var i = 0; i < 4 && WriteBufferPool.RetainedBytes > 0; i++)
        {
            Collect();
        }

        Assert.Equal(0, WriteBufferPool.RetainedBytes);
    }

    [Fact]
    public void Arrays_Larger_Than_The_Pooled_Size_Are_Not_Kept()
    {
        WriteBufferPool.Trim();
        WriteBufferPool.Trim();
        var large = WriteBufferPool.Rent(BufferPool.MaxPooledLength + 1);

        WriteBufferPool.Return(large);

        Assert.Equal(0, WriteBufferPool.RetainedBytes);
    }

    [Fact]
    public async Task Concurrent_Renters_Never_Share_An_Array()
    {
        var inUse = new ConcurrentDictionary<byte[], int>(ReferenceEqualityComparer.Instance);
        var shared = 0;
        using var start = new Barrier(4);
        var workers = Enumerable.Range(0, 4).Select(w => Task.Run(() =>
        {
            start.SignalAndWait(TimeSpan.FromSeconds(10));
            for (var i = 0; i < 20_000; i++)
            {
                var array = WriteBufferPool.Rent(1 << (8 + ((i + w) % 6)));
                if (!inUse.TryAdd(array, w))
                {
                    Interlocked.Increment(ref shared);
                }

                array[0] = (byte)w;
                inUse.TryRemove(array, out _);
                WriteBufferPool.Return(array);
            }
        }));

        await Task.WhenAll(workers);

        Assert.Equal(0, shared);
        Assert.InRange(WriteBufferPool.RetainedBytes, 0, WriteBufferPool.MaxRetainedBytes);
    }

    [Fact]
    public async Task Racing_Renters_And_Trims_Never_Share_An_Array_Nor_Count_Below_Zero()
    {
        var stop = 0;
        var shared = 0;
        var leastRetained = long.MaxValue;

        void Trimming()
        {
            while (Volatile.Read(ref stop) == 0)
            {
                WriteBufferPool.Trim();
                leastRetained = Math.Min(leastRetained, WriteBufferPool.RetainedBytes);
            }
        }

        // Each array is stamped by its renter while held: another renter of the same array would overwrite the stamp.
        void Renting(int worker)
        {
            var random = new Random(worker);
            var held = new List<(byte[] Array, long Stamp)>();
            for (var i = 0; i < 50_000; i++)
            {
                if (held.Count < 8 && random.Next(2) == 0)
                {
                    var array = WriteBufferPool.Rent(256 << random.Next(0, 9));
                    var stamp = ((long)worker << 32) | (uint)i;
                    BitConverter.TryWriteBytes(array, stamp);
                    held.Add((array, stamp));
                }
                else if (held.Count > 0)
                {
                    var k = random.Next(held.Count);
                    var (array, stamp) = held[k];
                    if (BitConverter.ToInt64(array) != stamp)
                    {
                        Interlocked.Increment(ref shared);
                    }

                    held.RemoveAt(k);
                    WriteBufferPool.Return(array);
                }
            }

            held.ForEach(h => WriteBufferPool.Return(h.Array));
        }

        // Threads of their own, so the trimmer really runs beside the renters however few pool threads there are.
        var trimmer = OwnThread(Trimming);
        await Task.WhenAll(Enumerable.Range(0, 4).Select(worker => OwnThread(() => Renting(worker))));
        Volatile.Write(ref stop, 1);
        await trimmer;

        Assert.Equal(0, shared);
        Assert.True(leastRetained >= 0, $"the pool counted {leastRetained} bytes kept");
        Assert.InRange(WriteBufferPool.RetainedBytes, 0, WriteBufferPool.MaxRetainedBytes);
        WriteBufferPool.Trim();
        WriteBufferPool.Trim();
        Assert.Equal(0, WriteBufferPool.RetainedBytes);
    }

    private static Task OwnThread(Action action) =>
        Task.Factory.StartNew(action, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Collect()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (WeakReference Context, bool Stopped) LoadUseAndUnload()
    {
        var context = new System.Runtime.Loader.AssemblyLoadContext(nameof(A_Collectible_Load_Context_That_Used_The_Pool_Unloads), isCollectible: true);
        var pool = context.LoadFromAssemblyPath(typeof(WriteBufferPool).Assembly.Location).GetType(typeof(WriteBufferPool).FullName!)!;
        const System.Reflection.BindingFlags Static = System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static;
        var array = pool.GetMethod(nameof(WriteBufferPool.Rent), Static)!.Invoke(null, [4096]);
        pool.GetMethod(nameof(WriteBufferPool.Return), Static)!.Invoke(null, [array]);
        context.Unload();
        var stopped = (bool)pool.GetField("s_unloading", Static)!.GetValue(null)!;
        ReleaseFromCoverage(pool.Assembly);
        return (new WeakReference(context), stopped);
    }

    /// <summary>
    /// Coverage instrumentation (coverlet) adds a tracker to the assembly that hooks AppDomain.ProcessExit and
    /// DomainUnload to write its hits at the end, which roots a copy loaded into a collectible context. The copy's tracker
    /// writes its hits now (they count, the unloading's among them, as when the copy stayed loaded) and its hooks come
    /// off: what is left to keep the copy alive is what the pool itself holds. Without instrumentation there is none.
    /// </summary>
    private static void ReleaseFromCoverage(System.Reflection.Assembly copy)
    {
        foreach (var tracker in copy.GetTypes().Where(t => t.Namespace == "Coverlet.Core.Instrumentation.Tracker"))
        {
            var unload = tracker.GetMethod("UnloadModule", [typeof(object), typeof(EventArgs)]);
            Assert.NotNull(unload);
            var handler = unload.CreateDelegate<EventHandler>();
            handler(null, EventArgs.Empty);
            AppDomain.CurrentDomain.ProcessExit -= handler;
            AppDomain.CurrentDomain.DomainUnload -= handler;
        }
    }
}
