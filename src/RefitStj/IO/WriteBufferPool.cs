using System.Numerics;
using System.Runtime.Loader;

namespace RefitStj.IO;

/// <summary>
/// The arrays request bodies are written into: a pool of RefitStj's own, so what it keeps is bounded whatever the core
/// count (<see cref="System.Buffers.ArrayPool{T}.Shared"/> keeps up to 32 arrays of each size per core) and goes back to
/// the runtime once unused. Power-of-two sizes from <see cref="SmallestLength"/> to <see cref="BufferPool.MaxPooledLength"/>;
/// at most <see cref="MaxRetainedBytes"/> are kept in all, and a size not rented between two trims (a gen-2 collection,
/// or every <see cref="IdleTrimPeriod"/> while anything is kept) is dropped at the second. Larger arrays, and arrays
/// returned past the bound, are left to the GC; as with ArrayPool, the OS gets the memory back only after a collection.
/// </summary>
internal static class WriteBufferPool
{
    /// <summary>The most bytes the pool keeps between bodies, whatever the core count or the burst before.</summary>
    public const long MaxRetainedBytes = 16 * 1024 * 1024;

    /// <summary>The smallest array handed out.</summary>
    public const int SmallestLength = 256;

    private static readonly Bucket[] s_buckets = CreateBuckets();
    private static long s_retained;
    private static TimeSpan s_idleTrimPeriod = TimeSpan.FromSeconds(30);
    private static TimeProvider s_timeProvider = TimeProvider.System;
    private static ITimer? s_idleTimer;
    private static int s_idleTimerArmed;

    // Set when the load context this assembly lives in unloads: the trims stop, so nothing keeps the assembly alive.
    private static volatile bool s_unloading;

    static WriteBufferPool()
    {
        if (AssemblyLoadContext.GetLoadContext(typeof(WriteBufferPool).Assembly) is { } context)
        {
            context.Unloading += static _ => Stop();
        }

        Gen2Trim.Start();
    }

    /// <summary>How long the pool waits, once it keeps something, before it trims; internal so a test need not wait.</summary>
    internal static TimeSpan IdleTrimPeriod
    {
        get => s_idleTrimPeriod;
        set
        {
            s_idleTrimPeriod = value;
            if (Volatile.Read(ref s_idleTimerArmed) != 0)
            {
                s_idleTimer?.Change(value, Timeout.InfiniteTimeSpan);
            }
        }
    }

    /// <summary>
    /// The clock of the idle trim (<see cref="TimeProvider.System"/>); internal so a test drives the trim on a fake clock.
    /// </summary>
    internal static TimeProvider TimeProvider
    {
        get => s_timeProvider;
        set
        {
            // The timer belongs to the clock that made it: a new clock gets a new timer, armed again if one was armed.
            s_timeProvider = value;
            Interlocked.Exchange(ref s_idleTimer, null)?.Dispose();
            if (Volatile.Read(ref s_idleTimerArmed) != 0)
            {
                ArmIdleTrim();
            }
        }
    }

    /// <summary>The bytes kept for reuse right now.</summary>
    public static long RetainedBytes => Interlocked.Read(ref s_retained);

    public static byte[] Rent(int minimumLength)
    {
        if (BufferPool.TestPool is { } test)
        {
            return test.Rent(minimumLength);
        }

        if (minimumLength > BufferPool.MaxPooledLength)
        {
            return GC.AllocateUninitializedArray<byte>(minimumLength);
        }

        var index = BucketIndex(minimumLength);
        if (s_buckets[index].TryPop(out var array))
        {
            Interlocked.Add(ref s_retained, -array.Length);
            return array;
        }

        return GC.AllocateUninitializedArray<byte>(SmallestLength << index);
    }

    public static void Return(byte[] array)
    {
        if (BufferPool.TestPool is { } test)
        {
            test.Return(array);
            return;
        }

        var length = array.Length;
        if (length < SmallestLength || length > BufferPool.MaxPooledLength || !BitOperations.IsPow2(length))
        {
            return;
        }

        // Counted before it is pushed, so concurrent returns cannot together pass the bound.
        if (Interlocked.Add(ref s_retained, length) > MaxRetainedBytes || !s_buckets[BucketIndex(length)].TryPush(array))
        {
            Interlocked.Add(ref s_retained, -length);
        }
        else if (Volatile.Read(ref s_idleTimerArmed) == 0 && Interlocked.Exchange(ref s_idleTimerArmed, 1) == 0)
        {
            ArmIdleTrim();
        }
    }

    /// <summary>Drops every size not rented since the previous trim; returns the bytes dropped.</summary>
    internal static long Trim()
    {
        var dropped = 0L;
        foreach (var bucket in s_buckets)
        {
            dropped += bucket.TrimIfUnused();
        }

        Interlocked.Add(ref s_retained, -dropped);
        return dropped;
    }

    // A gen-2 collection may never come to an idle process: a one-shot timer trims while anything is kept.
    private static void ArmIdleTrim()
    {
        if (s_unloading)
        {
            return;
        }

        var timer = LazyInitializer.EnsureInitialized(ref s_idleTimer, static () =>
        {
            // Captures no ExecutionContext (nor the AsyncLocals of whichever request returned first).
            using (ExecutionContext.SuppressFlow())
            {
                return TimeProvider.CreateTimer(static _ => OnIdleTimer(), null, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
            }
        });
        timer.Change(IdleTrimPeriod, Timeout.InfiniteTimeSpan);
    }

    private static void Stop()
    {
        s_unloading = true;
        Interlocked.Exchange(ref s_idleTimer, null)?.Dispose();
    }

    private static void OnIdleTimer()
    {
        if (s_unloading)
        {
            return;
        }

        Trim();
        if (RetainedBytes > 0)
        {
            ArmIdleTrim();
            return;
        }

        Volatile.Write(ref s_idleTimerArmed, 0);

        // A return that came between the check and the reset saw the timer armed: arm it for that one.
        if (RetainedBytes > 0 && Interlocked.Exchange(ref s_idleTimerArmed, 1) == 0)
        {
            ArmIdleTrim();
        }
    }

    private static int BucketIndex(int length) =>
        BitOperations.Log2(BitOperations.RoundUpToPowerOf2((uint)Math.Max(length, SmallestLength))) - BitOperations.Log2(SmallestLength);

    private static Bucket[] CreateBuckets()
    {
        var buckets = new Bucket[BucketIndex(BufferPool.MaxPooledLength) + 1];
        for (var i = 0; i < buckets.Length; i++)
        {
            // Each size alone may fill the bound (a burst of 1 MiB segments), but no size keeps more than 64 arrays.
            buckets[i] = new Bucket((int)Math.Min(64, MaxRetainedBytes / (SmallestLength << i)));
        }

        return buckets;
    }

    private sealed class Bucket(int capacity)
    {
        private readonly byte[]?[] _arrays = new byte[]?[capacity];
#if NET9_0_OR_GREATER
        private readonly Lock _gate = new();
#else
        private readonly object _gate = new();
#endif
        private int _count;
        private bool _used;

        public bool TryPop(out byte[] array)
        {
            lock (_gate)
            {
                _used = true;
                if (_count == 0)
                {
                    array = null!;
                    return false;
                }

                array = _arrays[--_count]!;
                _arrays[_count] = null;
                return true;
            }
        }

        public bool TryPush(byte[] array)
        {
            lock (_gate)
            {
                if (_count == _arrays.Length)
                {
                    return false;
                }

                _arrays[_count++] = array;
                return true;
            }
        }

        public long TrimIfUnused()
        {
            lock (_gate)
            {
                if (_used)
                {
                    _used = false;
                    return 0;
                }

                var dropped = 0L;
                for (; _count > 0; _count--)
                {
                    dropped += _arrays[_count - 1]!.Length;
                    _arrays[_count - 1] = null;
                }

                return dropped;
            }
        }
    }

    // Finalized at every collection of the generation it lives in (gen 2 once promoted), then registered again.
    private sealed class Gen2Trim
    {
        public static void Start() => _ = new Gen2Trim();

        ~Gen2Trim()
        {
            if (Environment.HasShutdownStarted || s_unloading)
            {
                return;
            }

            Trim();
            GC.ReRegisterForFinalize(this);
        }
    }
}
