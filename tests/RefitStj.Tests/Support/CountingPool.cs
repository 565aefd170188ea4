using System.Buffers;
using System.Runtime.CompilerServices;
using RefitStj.Buffers;

namespace RefitStj.Tests.Support;

/// <summary>
/// Installed as <see cref="BufferPool.TestPool"/>: counts rentals and returns, and notices an array returned twice
/// or one it never handed out. Tests that use it run in <see cref="BufferPoolIsolation"/>, alone.
/// </summary>
internal sealed class CountingPool : ArrayPool<byte>, IDisposable
{
    private readonly ConditionalWeakTable<byte[], object> _outstanding = [];
#if NET9_0_OR_GREATER
    private readonly Lock _gate = new();
#else
    private readonly object _gate = new();
#endif

    public CountingPool() => BufferPool.TestPool = this;

    public int Rented { get; private set; }

    public int Returned { get; private set; }

    public int BadReturns { get; private set; }

    public int Outstanding => Rented - Returned;

    /// <summary>The size asked for by the latest rental.</summary>
    public int LastRequested { get; private set; }

    public override byte[] Rent(int minimumLength)
    {
        var array = Shared.Rent(minimumLength);
        lock (_gate)
        {
            Rented++;
            LastRequested = minimumLength;
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
        }

        Shared.Return(array, clearArray);
    }

    public void Dispose() => BufferPool.TestPool = null;
}

[CollectionDefinition(nameof(BufferPoolIsolation), DisableParallelization = true)]
public sealed class BufferPoolIsolation;
