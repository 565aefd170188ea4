using Refit;

using RefitStj.Query;

namespace RefitStj;

/// <summary>
/// Flattens a query parameter into key/value pairs by the JSON metadata of the client's
/// <see cref="StjContentSerializer"/>: the counterpart of Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c>, which works
/// only with Refit's own serializer. Attach it with <c>[QueryConverter(typeof(StjQueryConverter&lt;MyQuery&gt;))]</c>.
/// </summary>
/// <typeparam name="T">The declared parameter type.</typeparam>
/// <remarks>
/// It produces the query string Refit's converter produces with the same options: JSON property names
/// (<c>[JsonPropertyName]</c>, the naming policy), values formatted by <see cref="RefitSettings.UrlParameterFormatter"/>,
/// the runtime type's properties walked, null values left out, nested objects under dotted keys, collections in
/// <see cref="RefitSettings.CollectionFormat"/>. With a source-generated context it uses no reflection. Like every
/// query converter it runs only in Refit's generated clients.
/// </remarks>
public sealed class StjQueryConverter<T> : IQueryConverter<T>
{
    /// <inheritdoc/>
    /// <exception cref="ArgumentNullException"><paramref name="keyPrefix"/> or <paramref name="settings"/> is <see langword="null"/>.</exception>
    /// <exception cref="NotSupportedException">The settings' content serializer is not a <see cref="StjContentSerializer"/>.</exception>
    public void Flatten(T value, string keyPrefix, ref GeneratedQueryStringBuilder builder, RefitSettings settings)
    {
        ArgumentNullException.ThrowIfNull(keyPrefix);
        ArgumentNullException.ThrowIfNull(settings);
        if (settings.ContentSerializer is not StjContentSerializer serializer)
        {
            throw new NotSupportedException(
                $"StjQueryConverter<{typeof(T).Name}> reads the JSON metadata of RefitSettings.ContentSerializer, which must be a StjContentSerializer " +
                $"(it is {settings.ContentSerializer?.GetType().Name ?? "null"}). With Refit's own serializer use Refit's SystemTextJsonQueryConverter<T>.");
        }

        if (value is not null)
        {
            QueryFlattener.FlattenObject(value, keyPrefix, ref builder, settings, serializer.Options, depth: 0);
        }
    }
}
