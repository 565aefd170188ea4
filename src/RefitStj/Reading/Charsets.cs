using System.Net.Http.Headers;
using System.Text;

namespace RefitStj.Reading;

/// <summary>Turns a Content-Type charset into the encoding to transcode from, with UTF-8 decided without a lookup.</summary>
internal static class Charsets
{
    /// <summary>
    /// The encoding of a body with these headers, or <see langword="null"/> for UTF-8 (or no charset): the charset as
    /// HttpClient parses the header (<see cref="HttpContentHeaders.ContentType"/>), which is what Refit's serializer reads,
    /// so a value that does not parse (folded, an empty or unbalanced parameter) has no charset and means UTF-8.
    /// </summary>
    /// <exception cref="InvalidOperationException">The charset is not one this runtime knows.</exception>
    public static Encoding? GetTranscodingEncoding(HttpContentHeaders headers)
    {
        var contentType = RawHeaders.First(headers, "Content-Type");

        // UTF-8 without the parse, whose MediaTypeHeaderValue and parameter list cost a handful of objects per response:
        // no parameter at all, or one parameter ending in charset=utf-8 (whether it parses as the charset, as another
        // parameter or not at all, the body is UTF-8).
        var semicolon = contentType?.IndexOf(';', StringComparison.Ordinal) ?? -1;
        if (semicolon < 0
            || (contentType!.LastIndexOf(';') == semicolon && contentType.EndsWith("charset=utf-8", StringComparison.OrdinalIgnoreCase)))
        {
            return null;
        }

        return headers.ContentType?.CharSet is { } charset ? GetTranscodingEncoding(charset) : null;
    }

    /// <summary>The encoding to transcode from, or <see langword="null"/> when the body is already UTF-8.</summary>
    /// <exception cref="InvalidOperationException">The charset is not one this runtime knows.</exception>
    public static Encoding? GetTranscodingEncoding(ReadOnlySpan<char> charset)
    {
        var name = charset.Trim();
        if (name.Length >= 2 && name[0] == '"' && name[^1] == '"')
        {
            name = name[1..^1].Trim();
        }

        // Nearly every JSON response says utf-8: compare before asking Encoding, which resolves the name each time.
        if (name.Equals("utf-8", StringComparison.OrdinalIgnoreCase) || name.Equals("utf8", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        Encoding encoding;
        try
        {
            encoding = Encoding.GetEncoding(name.ToString());
        }
        catch (ArgumentException ex)
        {
            throw new InvalidOperationException(
                $"The response's Content-Type names the character set '{charset.ToString()}', which this runtime does not support. " +
                "Register an EncodingProvider (for example CodePagesEncodingProvider.Instance) to read it.",
                ex);
        }

        return encoding.CodePage == Encoding.UTF8.CodePage ? null : encoding;
    }
}
