using System.Text;

namespace RefitStj.Http;

/// <summary>Turns a Content-Type charset into the encoding to transcode from, with UTF-8 decided without a lookup.</summary>
internal static class Charsets
{
    /// <summary>The encoding to transcode from, or <see langword="null"/> when the body is already UTF-8 (or says nothing).</summary>
    /// <exception cref="InvalidOperationException">The charset is not one this runtime knows.</exception>
    public static Encoding? GetTranscodingEncoding(string? charset)
    {
        if (charset is null)
        {
            return null;
        }

        var name = charset.AsSpan().Trim();
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
                $"The response's Content-Type names the character set '{charset}', which this runtime does not support. " +
                "Register an EncodingProvider (for example CodePagesEncodingProvider.Instance) to read it.",
                ex);
        }

        return encoding.CodePage == Encoding.UTF8.CodePage ? null : encoding;
    }
}
