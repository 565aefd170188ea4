using System.Text;

namespace RefitStj.Errors;

/// <summary>Short, single-line quotes of a body for messages, which end up in logs: never more than <see cref="MaxChars"/> characters.</summary>
internal static class Excerpts
{
    /// <summary>The most characters of a body a message quotes.</summary>
    public const int MaxChars = 40;

    public static string Shorten(ReadOnlySpan<byte> utf8)
    {
        // Four bytes a character at most: enough to fill the excerpt, never the whole body. A character the cut splits
        // decodes past the characters kept (160 bytes give at least 53), so it never shows as U+FFFD.
        var cut = utf8.Length > MaxChars * 4;
        return Shorten(Encoding.UTF8.GetString(cut ? utf8[..(MaxChars * 4)] : utf8), cut);
    }

    public static string Shorten(ReadOnlySpan<char> text, bool cut = false)
    {
        var length = Math.Min(text.Length, MaxChars);
        if (length < text.Length && char.IsHighSurrogate(text[length - 1]))
        {
            length--;
        }

        var excerpt = new StringBuilder(length + 1);
        foreach (var c in text[..length])
        {
            excerpt.Append(char.IsControl(c) ? ' ' : c);
        }

        return (cut || length < text.Length ? excerpt.Append('…') : excerpt).ToString();
    }
}
