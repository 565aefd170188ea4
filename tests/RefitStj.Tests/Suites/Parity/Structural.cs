using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// Compares two object graphs member by member, runtime types included. Re-serializing would hide what the
/// <see cref="object"/> converter decided: a long and a double both print as 5, a DateTime and a string alike.
/// </summary>
internal static class Structural
{
    private const int MaxDepth = 200;

    private static readonly JsonSerializerOptions s_show = new()
    {
        MaxDepth = MaxDepth,
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals,
    };

    /// <summary>The first difference between the two graphs, or <see langword="null"/> when they are the same.</summary>
    public static string? Difference(object? expected, object? actual) => Difference(expected, actual, "$", 0);

    /// <summary>A value as JSON for failure messages, whatever it holds.</summary>
    public static string Show(object? value)
    {
        try
        {
            return JsonSerializer.Serialize(value, s_show);
        }
#pragma warning disable CA1031 // A message helper: an unprintable value still gets a name.
        catch (Exception ex)
#pragma warning restore CA1031
        {
            return $"<{value?.GetType().Name}: {ex.GetType().Name}>";
        }
    }

    private static string? Difference(object? expected, object? actual, string path, int depth)
    {
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : Differs(path, expected, actual);
        }

        var type = expected.GetType();
        if (type != actual.GetType())
        {
            return $"{path}: expected a {type.Name}, found a {actual.GetType().Name} ({Show(expected)} vs {Show(actual)})";
        }

        if (depth > MaxDepth)
        {
            return $"{path}: deeper than {MaxDepth}";
        }

        return expected switch
        {
            double d => Same(BitConverter.DoubleToInt64Bits(d), BitConverter.DoubleToInt64Bits((double)actual), path, expected, actual),
            float f => Same(BitConverter.SingleToInt32Bits(f), BitConverter.SingleToInt32Bits((float)actual), path, expected, actual),
            Half h => Same(BitConverter.HalfToInt16Bits(h), BitConverter.HalfToInt16Bits((Half)actual), path, expected, actual),

            // decimal equality ignores the scale (1.0 == 1.00), which is on the wire.
            decimal m => Same(string.Join(",", decimal.GetBits(m)), string.Join(",", decimal.GetBits((decimal)actual)), path, expected, actual),

            // DateTime equality ignores Kind, DateTimeOffset equality the offset; both are on the wire.
            DateTime t => Same((t.Ticks, t.Kind), (((DateTime)actual).Ticks, ((DateTime)actual).Kind), path, expected, actual),
            DateTimeOffset o => Same((o.Ticks, o.Offset), (((DateTimeOffset)actual).Ticks, ((DateTimeOffset)actual).Offset), path, expected, actual),
            JsonElement e => Same(Raw(e), Raw((JsonElement)actual), path, expected, actual),
            JsonNode n => Same(n.ToJsonString(), ((JsonNode)actual).ToJsonString(), path, expected, actual),
            string or Uri or Version => Same(expected.ToString(), actual.ToString(), path, expected, actual),
            _ when type.IsPrimitive || type.IsEnum || expected is IComparable or IFormattable => Same(expected, actual, path, expected, actual),
            IDictionary dictionary => Entries(dictionary, (IDictionary)actual, path, depth),
            IEnumerable sequence => Items(sequence, (IEnumerable)actual, path, depth),
            _ => Members(type, expected, actual, path, depth),
        };
    }

    // A default JsonElement (a member absent from the body) has no text; one may hold invalid UTF-8, which text cannot.
    private static string Raw(JsonElement element)
    {
        if (element.ValueKind == JsonValueKind.Undefined)
        {
            return "undefined";
        }
#if NET9_0_OR_GREATER
        return Convert.ToHexString(System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(element));
#else
        try
        {
            return element.GetRawText();
        }
        catch (InvalidOperationException)
        {
            return $"{element.ValueKind} with invalid UTF-8";
        }
#endif
    }

    private static string? Same<TKey>(TKey expected, TKey actual, string path, object shownExpected, object shownActual) =>
        EqualityComparer<TKey>.Default.Equals(expected, actual) ? null : Differs(path, shownExpected, shownActual);

    private static string Differs(string path, object? expected, object? actual) =>
        $"{path}: expected {Show(expected)} ({Describe(expected)}), found {Show(actual)} ({Describe(actual)})";

    private static string Describe(object? value) => value switch
    {
        null => "null",
        DateTime t => $"DateTime {t.Kind}",
        decimal m => $"decimal scale {m.Scale}",
        _ => value.GetType().Name,
    };

    // Both sides read the same bytes, so entries arrive in the same order; comparing in order also checks the order.
    private static string? Entries(IDictionary expected, IDictionary actual, string path, int depth)
    {
        if (expected.Count != actual.Count)
        {
            return $"{path}: expected {expected.Count} entries, found {actual.Count}";
        }

        var theirs = actual.GetEnumerator();
        foreach (DictionaryEntry entry in expected)
        {
            theirs.MoveNext();
            var key = Convert.ToString(entry.Key, CultureInfo.InvariantCulture);
            if (Difference(entry.Key, theirs.Entry.Key, $"{path}.<key {key}>", depth + 1) is { } keys)
            {
                return keys;
            }

            if (Difference(entry.Value, theirs.Entry.Value, $"{path}[{key}]", depth + 1) is { } values)
            {
                return values;
            }
        }

        return null;
    }

    private static string? Items(IEnumerable expected, IEnumerable actual, string path, int depth)
    {
        var theirs = actual.GetEnumerator();
        var index = 0;
        foreach (var item in expected)
        {
            if (!theirs.MoveNext())
            {
                return $"{path}: expected more than {index} items";
            }

            if (Difference(item, theirs.Current, $"{path}[{index++}]", depth + 1) is { } difference)
            {
                return difference;
            }
        }

        return theirs.MoveNext() ? $"{path}: expected {index} items, found more" : null;
    }

    private static string? Members(Type type, object expected, object actual, string path, int depth)
    {
        foreach (var property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            if (property.GetIndexParameters().Length == 0
                && Difference(property.GetValue(expected), property.GetValue(actual), $"{path}.{property.Name}", depth + 1) is { } difference)
            {
                return difference;
            }
        }

        return null;
    }
}
