using RefitStj.IO;

namespace RefitStj.Limits;

/// <summary>
/// A read-only view of a streamed body that fails once more than <c>limit</c> bytes arrive without the reader reporting
/// an item done (<see cref="ItemDone"/>). A reader that buffers each item whole, as System.Text.Json's array reader
/// does, thereby holds at most about one item limit plus one read.
/// </summary>
internal sealed class ItemSizeLimitStream(Stream inner, long limit, string item) : ObservedReadStream(inner)
{
    private long _sinceItem;

    /// <summary>The reader finished an item: the bytes read so far belong to it or to later ones already buffered.</summary>
    public void ItemDone() => _sinceItem = 0;

    // Reads stop one byte past the limit, so an endless item costs the limit, not the limit plus a large read.
    protected override int Room(int length) => StreamBuffers.Room(length, limit, _sinceItem);

    protected override void Observe(ReadOnlySpan<byte> read, int asked)
    {
        _sinceItem += read.Length;
        if (_sinceItem > limit)
        {
            throw ResponseTooLargeException.ItemTooLarge(limit, _sinceItem, item);
        }
    }
}
