using System.Reflection;

namespace Refit;

/// <summary>Turns request bodies into <see cref="HttpContent"/> and response content back into objects.</summary>
public interface IHttpContentSerializer
{
    /// <summary>Serializes <paramref name="item"/> into request content.</summary>
    /// <typeparam name="T">The declared type of the body.</typeparam>
    /// <param name="item">The body to serialize.</param>
    /// <returns>The request content.</returns>
    HttpContent ToHttpContent<T>(T item);

    /// <summary>Deserializes response content into a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="content">The response content.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value read.</returns>
    Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default);

    /// <summary>Gives the serialized name of a property, for form-url-encoded bodies and query objects.</summary>
    /// <param name="propertyInfo">The property.</param>
    /// <returns>The field name, or <see langword="null"/> to let Refit decide.</returns>
    string? GetFieldNameForProperty(PropertyInfo propertyInfo);
}
