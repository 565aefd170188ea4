using System.Collections;
using System.Globalization;
using Refit;

namespace RefitStj.Query;

/// <summary>The walk behind <see cref="StjQueryConverter{T}"/>, kept non-generic so every closed converter shares it.</summary>
internal static class QueryFlattener
{
    // Bounds a cyclic object graph; deeper levels are left out, as Refit's own converter does.
    private const int MaxDepth = 32;

    public static void FlattenObject(
        object value, string keyPrefix, ref GeneratedQueryStringBuilder builder, RefitSettings settings, JsonSerializerOptions options, int depth)
    {
        var properties = options.GetTypeInfo(value.GetType()).Properties;
        for (var i = 0; i < properties.Count; i++)
        {
            if (properties[i].Get is { } getter && getter(value) is { } propertyValue)
            {
                Append(keyPrefix + properties[i].Name, propertyValue, ref builder, settings, options, depth);
            }
        }
    }

    private static void Append(
        string key, object value, ref GeneratedQueryStringBuilder builder, RefitSettings settings, JsonSerializerOptions options, int depth)
    {
        if (IsScalar(value))
        {
            builder.Add(key, Format(value, settings), false);
        }
        else if (value is IEnumerable items)
        {
            builder.BeginCollection(key, settings.CollectionFormat, false);
            foreach (var item in items)
            {
                builder.AddCollectionValue(item is null ? null : Format(item, settings));
            }

            builder.EndCollection();
        }
        else if (depth < MaxDepth)
        {
            FlattenObject(value, key + ".", ref builder, settings, options, depth + 1);
        }
    }

    // Strings and formattable values (numbers, enums, dates, Guids) are one query value; anything else is walked.
    private static bool IsScalar(object value) => value is string or bool or char or IFormattable or Uri or CultureInfo;

    // The attributes Refit's own flattener passes: none on 17 (its provider type), the value's type on 16.
    private static string? Format(object value, RefitSettings settings) =>
#if REFIT17
        settings.UrlParameterFormatter.Format(value, GeneratedParameterAttributeProvider.Empty, value.GetType());
#else
        settings.UrlParameterFormatter.Format(value, value.GetType(), value.GetType());
#endif
}
