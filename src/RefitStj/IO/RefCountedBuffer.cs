using System.Diagnostics;

namespace RefitStj.IO;

/// <summary>
/// Rented bytes (one array or a chain of segments) shared by their owner and any number of readers, given back to
/// <see cref="WriteBufferPool"/> when the last of them lets go, never while one is still reading. The owner holds one
/// reference from the start; each reader takes one with <see cref="TryAcquire"/> before touching the bytes and gives it
/// back with <see cref="Release"/> when done. Once the count has reached zero the bytes are gone for good and every later
/// <see cref="TryAcquire"/> fails.
/// </summary>
internal sealed class RefCountedBuffer(PooledBytes rented)
{
    private readonly PooledBytes _bytes = rented;
    private int _references = 1;
    private int _ownerReleased;
    private int _returned;

    /// <summary>Takes a reference to the bytes if they are still held; the caller must <see cref="Release"/> it.</summary>
    public bool TryAcquire(out PooledBytes bytes)
    {
        var references = Volatile.Read(ref _references);
        while (references > 0)
        {
            var seen = Interlocked.CompareExchange(ref _references, references + 1, references);
            if (seen == references)
            {
                bytes = _bytes;
                return true;
            }

            references = seen;
        }

        bytes = default;
        return false;
    }

    /// <summary>Gives back a reference taken by <see cref="TryAcquire"/>.</summary>
    public void Release()
    {
        var references = Interlocked.Decrement(ref _references);
        if (references == 0 && Interlocked.Exchange(ref _returned, 1) == 0)
        {
            _bytes.Return();
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
