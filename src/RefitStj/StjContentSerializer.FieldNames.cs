#if REFIT17
using System.Text.Json.Serialization;
using Refit;
#else
using System.Reflection;
using System.Text.Json.Serialization;
#endif

namespace RefitStj;

// How Refit names a form field (and, on 16, a query object's key) from a body property: Refit 16 asks the serializer for
// each property, Refit 17's generated code asks once which attribute family names them.
#if REFIT17
public sealed partial class StjContentSerializer : IContentSerializerNameStyle
{
    /// <summary>
    /// <see cref="ContentSerializerNameStyle.SystemTextJson"/>: a form field takes its <see cref="JsonPropertyNameAttribute"/>
    /// name, as with Refit's own serializer, so Refit's generated form code needs no Refit.Reflection.
    /// </summary>
    public ContentSerializerNameStyle NameStyle => ContentSerializerNameStyle.SystemTextJson;
}
#else
public sealed partial class StjContentSerializer
{
    /// <summary>The name given by <see cref="JsonPropertyNameAttribute"/>, or <see langword="null"/> to let Refit decide.</summary>
    /// <param name="propertyInfo">The property.</param>
    /// <returns>The field name, or <see langword="null"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="propertyInfo"/> is <see langword="null"/>.</exception>
    public string? GetFieldNameForProperty(PropertyInfo propertyInfo)
    {
        ArgumentNullException.ThrowIfNull(propertyInfo);
        return propertyInfo.GetCustomAttribute<JsonPropertyNameAttribute>(inherit: true)?.Name;
    }
}
#endif
