namespace RefitStj.Errors;

/// <summary>Follows a JSON path as System.Text.Json reports it (<c>$.items[3].kind</c>, <c>$['a.b']</c>) through type metadata.</summary>
internal static class JsonPaths
{
    /// <summary>The declared type at <paramref name="path"/> from <paramref name="root"/>, or <see langword="null"/> where the metadata does not say.</summary>
    public static Type? TypeAt(JsonTypeInfo root, string path)
    {
        var info = root;
        var type = root.Type;
        for (var i = path.StartsWith('$') ? 1 : 0; i < path.Length;)
        {
            if (!TryStep(path, ref i, out var name) || info is null)
            {
                return null;
            }

            var next = info.Kind switch
            {
                JsonTypeInfoKind.Object when name is not null => Property(info, name)?.PropertyType,
                JsonTypeInfoKind.Enumerable or JsonTypeInfoKind.Dictionary => ElementType(info),
                _ => null,
            };
            if (next is null)
            {
                return null;
            }

            type = next;
            info = info.Options.TryGetTypeInfo(type, out var found) ? found : null;
        }

        return type;
    }

    // One segment: .name, ['name'] or [index] (name null).
    private static bool TryStep(string path, ref int i, out string? name)
    {
        name = null;
        if (path[i] == '.')
        {
            var end = path.IndexOfAny(['.', '['], i + 1);
            end = end < 0 ? path.Length : end;
            name = path[(i + 1)..end];
            i = end;
            return true;
        }

        if (path[i] != '[')
        {
            return false;
        }

        if (i + 1 < path.Length && path[i + 1] == '\'')
        {
            var close = path.IndexOf("']", i + 2, StringComparison.Ordinal);
            if (close < 0)
            {
                return false;
            }

            name = path[(i + 2)..close];
            i = close + 2;
            return true;
        }

        var bracket = path.IndexOf(']', i);
        i = bracket < 0 ? path.Length : bracket + 1;
        return bracket >= 0;
    }

#if NET9_0_OR_GREATER
    private static Type? ElementType(JsonTypeInfo info) => info.ElementType;
#else
    // .NET 8's metadata does not say: an array's element, or a generic collection's last argument (a dictionary's value).
    private static Type? ElementType(JsonTypeInfo info) =>
        info.Type.IsArray ? info.Type.GetElementType() : info.Type.IsGenericType ? info.Type.GetGenericArguments()[^1] : null;
#endif

    private static JsonPropertyInfo? Property(JsonTypeInfo info, string name)
    {
        var comparison = info.Options.PropertyNameCaseInsensitive ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
        foreach (var property in info.Properties)
        {
            if (string.Equals(property.Name, name, comparison))
            {
                return property;
            }
        }

        return null;
    }
}
