namespace RefitStj.Streaming;

/// <summary>
/// Reads a server-sent event stream as <typeparamref name="TItem"/> (an <c>SseItem&lt;T&gt;</c>) where only the item type is
/// known: the implementation knows its <c>T</c> statically, so nothing is closed at run time (see <see cref="SseItemConverter{T}"/>).
/// </summary>
/// <typeparam name="TItem">The item type Refit asks for.</typeparam>
internal interface ISseItemReader<TItem>
{
    /// <summary>The events of <paramref name="stream"/>, each data read with <paramref name="options"/>' metadata.</summary>
    /// <exception cref="NotSupportedException">The options have no metadata for the data type; the message names the fix.</exception>
    IAsyncEnumerable<TItem> ReadAsync(Stream stream, JsonSerializerOptions options, long maxItemSize, CancellationToken cancellationToken);
}
