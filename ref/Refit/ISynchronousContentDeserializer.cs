namespace Refit;

/// <summary>Optional capability: deserializes an already-read body string synchronously.</summary>
public interface ISynchronousContentDeserializer
{
    /// <summary>Deserializes <paramref name="content"/> into a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The body text.</param>
    /// <returns>The value read.</returns>
    T? DeserializeFromString<T>(string content);
}
