using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;

namespace RefitStj.IO;

/// <summary>
/// A rented array shared by its owner and any number of readers, given back to <see cref="BufferPool"/> when the last of
/// them lets go, never while one is still reading. The owner holds one reference from the start; each reader takes one
/// with <see cref="TryAcquire"/> before touching the array and gives it back with <see cref="Release"/> when done.
/// Once the count has reached zero the array is gone for good and every later <see cref="TryAcquire"/> fails.
/// </summary>
internal sealed class RefCountedBuffer(byte[] rented)
{
    private byte[]? _array = rented;
    private int _references = 1;
    private int _ownerReleased;

    /// <summary>Takes a reference to the array if it is still held; the caller must <see cref="Release"/> it.</summary>
    public bool TryAcquire([NotNullWhen(true)] out byte[]? array)
    {
        var references = Volatile.Read(ref _references);
        while (references > 0)
        {
            var seen = Interlocked.CompareExchange(ref _references, references + 1, references);
            if (seen == references)
            {
                array = _array!;
                return true;
            }

            references = seen;
        }

        array = null;
        return false;
    }

    /// <summary>Gives back a reference taken by <see cref="TryAcquire"/>.</summary>
    public void Release()
    {
        var references = Interlocked.Decrement(ref _references);
        if (references == 0 && Interlocked.Exchange(ref _array, null) is { } array)
        {
            BufferPool.Return(array);
        }

        Debug.Assert(references >= 0, "released more often than acquired");
    }

    /// <summary>Gives back the owner's reference; only the first call counts, so the owner may call it from every exit.</summary>
    public void ReleaseOwner()
    {
        if (Interlocked.Exchange(ref _ownerReleased, 1) == 0)
        {
            Release();
        }
    }
}
