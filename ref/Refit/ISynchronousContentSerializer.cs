namespace Refit;

/// <summary>Optional capability: serializes request bodies synchronously, buffered or streamed.</summary>
public interface ISynchronousContentSerializer
{
    /// <summary>Serializes <paramref name="item"/> into buffered content that knows its length.</summary>
    /// <typeparam name="T">The declared type of the body.</typeparam>
    /// <param name="item">The body to serialize.</param>
    /// <returns>The buffered request content.</returns>
    HttpContent ToHttpContentSynchronous<T>(T item);

    /// <summary>Creates content that serializes <paramref name="item"/> onto the request stream when sent.</summary>
    /// <typeparam name="T">The declared type of the body.</typeparam>
    /// <param name="item">The body to serialize.</param>
    /// <returns>The streamed request content.</returns>
    HttpContent ToStreamingHttpContent<T>(T item);
}
