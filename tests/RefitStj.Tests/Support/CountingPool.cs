using System.Buffers;
using System.Runtime.CompilerServices;
using RefitStj.IO;

namespace RefitStj.Tests.Support;

/// <summary>
/// Installed as <see cref="BufferPool.TestPool"/>: counts rentals and returns, and notices an array returned twice
/// or one it never handed out. With <c>poison</c>, every returned array is overwritten at once, so a byte read from it
/// after its return is wrong for certain rather than only when another renter got there first. Tests that use it run
/// in <see cref="BufferPoolIsolation"/>, alone.
/// </summary>
internal sealed class CountingPool : ArrayPool<byte>, IDisposable
{
    /// <summary>What a poisoned array is filled with: '#', which no JSON body of these tests contains.</summary>
    public const byte Poison = (byte)'#';

    private readonly ConditionalWeakTable<byte[], object> _outstanding = [];
#if NET9_0_OR_GREATER
    private readonly Lock _gate = new();
#else
    private readonly object _gate = new();
#endif

    private readonly bool _poison;
    private readonly List<int> _requests = [];

    public CountingPool(bool poison = false)
    {
        _poison = poison;
        BufferPool.TestPool = this;
    }

    public int Rented { get; private set; }

    public int Returned { get; private set; }

    public int BadReturns { get; private set; }

    public int Outstanding => Rented - Returned;

    /// <summary>The size asked for by the latest rental.</summary>
    public int LastRequested { get; private set; }

    /// <summary>The largest size asked for by any rental.</summary>
    public int LargestRequested { get; private set; }

    /// <summary>The size asked for by each rental, in order.</summary>
    public IReadOnlyList<int> Requests
    {
        get
        {
            lock (_gate)
            {
                return [.. _requests];
            }
        }
    }

    /// <summary>The lengths of every array handed out, added up.</summary>
    public long RentedBytes { get; private set; }

    /// <summary>The lengths of the arrays handed out and not yet given back, added up.</summary>
    public long OutstandingBytes { get; private set; }

    public override byte[] Rent(int minimumLength)
    {
        var array = Shared.Rent(minimumLength);
        lock (_gate)
        {
            Rented++;
            LastRequested = minimumLength;
            _requests.Add(minimumLength);
            LargestRequested = Math.Max(LargestRequested, minimumLength);
            RentedBytes += array.Length;
            OutstandingBytes += array.Length;
            _outstanding.AddOrUpdate(array, this);
        }

        return array;
    }

    public override void Return(byte[] array, bool clearArray = false)
    {
        lock (_gate)
        {
            if (!_outstanding.Remove(array))
            {
                BadReturns++;
                return;
            }

            Returned++;
            OutstandingBytes -= array.Length;
        }

        if (_poison)
        {
            array.AsSpan().Fill(Poison);
        }

        Shared.Return(array, clearArray);
    }

    public void Dispose() => BufferPool.TestPool = null;
}

[CollectionDefinition(nameof(BufferPoolIsolation), DisableParallelization = true)]
public sealed class BufferPoolIsolation;
