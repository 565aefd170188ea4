using System.Buffers;

namespace RefitStj.Buffers;

/// <summary>Every array RefitStj rents comes from here, so one seam sees them all.</summary>
internal static class BufferPool
{
    /// <summary>Tests put a counting pool here to prove each rented array goes back exactly once; null in production.</summary>
    internal static ArrayPool<byte>? TestPool { get; set; }

    public static byte[] Rent(int minimumLength) => (TestPool ?? ArrayPool<byte>.Shared).Rent(minimumLength);

    public static void Return(byte[] array) => (TestPool ?? ArrayPool<byte>.Shared).Return(array);
}
