namespace Refit;

/// <summary>Optional capability: deserializes a response body item by item as it arrives.</summary>
public interface IStreamingContentSerializer
{
    /// <summary>Reads <paramref name="stream"/> as a sequence of <typeparamref name="T"/> framed as <paramref name="format"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="stream">The response body stream.</param>
    /// <param name="format">How the body frames its items.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The items, in order.</returns>
    IAsyncEnumerable<T?> DeserializeStreamAsync<T>(Stream stream, StreamingContentFormat format, CancellationToken cancellationToken = default);
}
