using System.Net.Http.Headers;
using System.Text;

namespace RefitStj.Reading;

/// <summary>Turns a Content-Type charset into the encoding to transcode from, with UTF-8 decided without a lookup.</summary>
internal static class Charsets
{
    /// <summary>
    /// The encoding of a body with these headers, or <see langword="null"/> for UTF-8 (or no charset). Reads the raw
    /// header: parsing it into a <see cref="MediaTypeHeaderValue"/> costs a handful of objects per response.
    /// </summary>
    /// <exception cref="InvalidOperationException">The charset is not one this runtime knows.</exception>
    public static Encoding? GetTranscodingEncoding(HttpContentHeaders headers)
    {
        var contentType = RawHeaders.First(headers, "Content-Type");

        // ASP.NET Core's value, and older Spring's without the space: parsing the parameters costs more than the rest.
        if (contentType is null
            || string.Equals(contentType, "application/json; charset=utf-8", StringComparison.OrdinalIgnoreCase)
            || string.Equals(contentType, "application/json;charset=utf-8", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        return FindCharset(contentType, out var charset) ? GetTranscodingEncoding(charset) : null;
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

    /// <summary>Finds the value of the <c>charset</c> parameter in a raw Content-Type value (quotes, if any, kept).</summary>
    internal static bool FindCharset(ReadOnlySpan<char> contentType, out ReadOnlySpan<char> charset)
    {
        // The media type comes first; parameters follow, each after a ';'.
        var rest = contentType;
        for (var semicolon = rest.IndexOf(';'); semicolon >= 0; semicolon = rest.IndexOf(';'))
        {
            rest = rest[(semicolon + 1)..];
            var parameter = rest[..(rest.IndexOf(';') is var next and >= 0 ? next : rest.Length)].TrimStart();
            if (parameter.StartsWith("charset", StringComparison.OrdinalIgnoreCase))
            {
                var afterName = parameter["charset".Length..].TrimStart();
                if (afterName.Length > 0 && afterName[0] == '=')
                {
                    charset = afterName[1..].Trim();
                    return true;
                }
            }
        }

        charset = default;
        return false;
    }
}
