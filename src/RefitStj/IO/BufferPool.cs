using System.Buffers;

namespace RefitStj.IO;

/// <summary>
/// The pool of the read side, and where RefitStj's two pools are told apart. A response's arrays (read buffers, the copy
/// of a body that arrives in pieces) live only while one call reads, so they come from here: from
/// <see cref="ArrayPool{T}.Shared"/> up to <see cref="MaxPooledLength"/>, larger ones allocated and left to the GC, so one
/// huge body cannot leave the process holding arrays of its size in the shared pool for good. A request body's arrays
/// are held for as long as HttpClient keeps its content, by every request in flight, so they come from
/// <see cref="WriteBufferPool"/>, which bounds what it keeps whatever the core count. Both rent from <see cref="TestPool"/>
/// when a test sets it, so one counting pool sees every array either side rents.
/// </summary>
internal static class BufferPool
{
    /// <summary>The largest array kept in the shared pool: 1 MiB, above nearly every JSON body and read buffer.</summary>
    public const int MaxPooledLength = 1024 * 1024;

    /// <summary>Tests put a counting pool here to prove each rented array goes back exactly once; null in production.</summary>
    // Static, not AsyncLocal: arrays also go back from flows the test does not own (an HTTP/2 connection's write loop),
    // which an AsyncLocal pool would not see; the price is that the tests using it run alone (BufferPoolIsolation).
    internal static ArrayPool<byte>? TestPool { get; set; }

    public static byte[] Rent(int minimumLength)
    {
        if (TestPool is { } test)
        {
            return test.Rent(minimumLength);
        }

        return minimumLength <= MaxPooledLength ? ArrayPool<byte>.Shared.Rent(minimumLength) : GC.AllocateUninitializedArray<byte>(minimumLength);
    }

    public static void Return(byte[] array)
    {
        if (TestPool is { } test)
        {
            test.Return(array);
        }
        else if (array.Length <= MaxPooledLength)
        {
            ArrayPool<byte>.Shared.Return(array);
        }
    }
}
