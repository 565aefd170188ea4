using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Json;

/// <summary>
/// The rules every reader shares, at the bottom of the library (it uses no other folder): a body of only a byte order
/// mark and JSON whitespace reads as <c>default</c>, anything else is one value deserialized from a span, and a failure
/// is reported without quoting the body.
/// </summary>
internal static class JsonBody
{
    private static readonly SearchValues<char> s_whiteSpaceChars = SearchValues.Create(" \t\r\n");

    /// <summary>The four bytes JSON allows between tokens (RFC 8259): space, tab, line feed and carriage return.</summary>
    public static SearchValues<byte> WhiteSpace { get; } = SearchValues.Create(" \t\r\n"u8);

    public static T? Deserialize<T>(ReadOnlySpan<byte> utf8, JsonTypeInfo<T> typeInfo)
    {
        utf8 = WithoutBom(utf8);
        if (IsBlankWithoutBom(utf8))
        {
            return default;
        }

        try
        {
            return JsonSerializer.Deserialize(utf8, typeInfo);
        }
        catch (JsonException ex)
        {
            throw Describe<T>(ex);
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
            return default;
        }

        try
        {
            return JsonSerializer.Deserialize(text, typeInfo);
        }
        catch (JsonException ex)
        {
            throw Describe<T>(ex);
        }
    }

    /// <summary>Whether a body, or its start, is only a byte order mark and whitespace: what reads as <c>default</c>.</summary>
    public static bool IsBlank(ReadOnlySpan<byte> utf8) => IsBlankWithoutBom(WithoutBom(utf8));

    /// <summary>A failure to deserialize, kept a <see cref="JsonException"/> (Refit keeps it as the ApiException's inner exception); the body itself is never quoted.</summary>
    public static JsonException Describe<T>(JsonException inner) =>
        new($"The response body is not valid JSON for {typeof(T)}: {inner.Message}", inner.Path, inner.LineNumber, inner.BytePositionInLine, inner);

    private static bool IsBlankWithoutBom(ReadOnlySpan<byte> utf8) => utf8.IndexOfAnyExcept(WhiteSpace) < 0;

    // The span entry point, unlike the stream ones, does not skip a UTF-8 byte order mark.
    private static ReadOnlySpan<byte> WithoutBom(ReadOnlySpan<byte> utf8) => utf8.StartsWith("\uFEFF"u8) ? utf8[3..] : utf8;
}
