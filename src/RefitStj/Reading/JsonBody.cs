using System.Buffers;
using System.Net.Http.Headers;
using System.Text;
using RefitStj.Errors;

namespace RefitStj.Reading;

/// <summary>
/// The rules every reader shares, at the bottom of the library (it uses no other folder): a body of only a byte order
/// mark and JSON whitespace holds no value and fails as with Refit's own serializer (a cut compressed stream can decode
/// to nothing, and nothing here can tell it from an empty reply), anything else is one value deserialized from a span,
/// and a failure is reported by <see cref="ReadErrors"/>, which quotes at most a token of the body.
/// </summary>
internal static class JsonBody
{
    private static readonly SearchValues<char> s_whiteSpaceChars = SearchValues.Create(" \t\r\n");

    /// <summary>The four bytes JSON allows between tokens (RFC 8259): space, tab, line feed and carriage return.</summary>
    public static SearchValues<byte> WhiteSpace { get; } = SearchValues.Create(" \t\r\n"u8);

    /// <summary>The value in <paramref name="utf8"/>; a failure names the body's media type from <paramref name="headers"/>, when given.</summary>
    /// <exception cref="JsonException">The bytes are not one JSON value of the type, or hold none (empty or blank).</exception>
    public static T? Deserialize<T>(ReadOnlySpan<byte> utf8, JsonTypeInfo<T> typeInfo, HttpContentHeaders? headers = null)
    {
        utf8 = WithoutBom(utf8);
        if (IsBlankWithoutBom(utf8))
        {
            throw ReadErrors.NoValue(typeof(T), utf8.Length);
        }

        try
        {
            return JsonSerializer.Deserialize(utf8, typeInfo);
        }
        catch (JsonException ex)
        {
            throw ReadErrors.Describe(ex, typeInfo, ReadErrors.Body, utf8, headers);
        }
    }

    public static T? Deserialize<T>(ReadOnlySpan<char> text, JsonTypeInfo<T> typeInfo)
    {
        if (text.Length > 0 && text[0] == '\uFEFF')
        {
            text = text[1..];
        }

        if (text.IndexOfAnyExcept(s_whiteSpaceChars) < 0)
        {
            throw ReadErrors.NoValue(typeof(T), text.Length);
        }

        try
        {
            return JsonSerializer.Deserialize(text, typeInfo);
        }
        catch (JsonException ex)
        {
            // System.Text.Json reads text as UTF-8, and its positions count those bytes: so does the re-scan.
            throw ReadErrors.Describe(ex, typeInfo, ReadErrors.Body, Encoding.UTF8.GetBytes(text.ToArray()), headers: null);
        }
    }

    /// <summary>Whether a body, or its start, is only a byte order mark and whitespace: no JSON value.</summary>
    public static bool IsBlank(ReadOnlySpan<byte> utf8) => IsBlankWithoutBom(WithoutBom(utf8));

    private static bool IsBlankWithoutBom(ReadOnlySpan<byte> utf8) => utf8.IndexOfAnyExcept(WhiteSpace) < 0;

    // The span entry point, unlike the stream ones, does not skip a UTF-8 byte order mark.
    private static ReadOnlySpan<byte> WithoutBom(ReadOnlySpan<byte> utf8) => utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8;
}
