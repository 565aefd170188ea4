using System.Buffers;

namespace RefitStj.Errors;

/// <summary>
/// Where a read failed in bytes that are at hand: the byte (from 0) in the exception's line where the offending token
/// starts and a short quote of it, or no quote when the bytes end before the JSON value does. Found only after a
/// failure, by re-scanning. The line is the exception's own: the token ends where the exception points, and no token
/// spans lines (an object or array quoted whole starts at the bracket just before that point).
/// </summary>
internal sealed class ReadSpot(long byteInLine, string? excerpt, int tooDeepFor = 0)
{
    // JSON's four whitespace bytes (RFC 8259); the readers' copy is in Reading, which this folder sits below.
    private static readonly SearchValues<byte> s_whiteSpace = SearchValues.Create(" \t\r\n"u8);

    public long ByteInLine => byteInLine;

    /// <summary>The offending token, shortened; <see langword="null"/> when the bytes end before the value is complete.</summary>
    public string? Excerpt => excerpt;

    /// <summary>The maximum depth the bytes nest past at this spot, or 0 when that is not why the reader stopped.</summary>
    public int TooDeepFor => tooDeepFor;

    /// <summary>The spot <paramref name="ex"/> points at in <paramref name="utf8"/>, or <see langword="null"/> without bytes or position.</summary>
    public static ReadSpot? Find(JsonException ex, ReadOnlySpan<byte> utf8, JsonSerializerOptions options)
    {
        if (utf8.IsEmpty || ex.LineNumber is not { } line || ex.BytePositionInLine is not { } byteInLine || LineStart(utf8, line) is not { } lineStart)
        {
            return null;
        }

        var offset = (int)Math.Min(lineStart + byteInLine, utf8.Length);
        var readerOptions = new JsonReaderOptions
        {
            AllowTrailingCommas = options.AllowTrailingCommas,
            CommentHandling = options.ReadCommentHandling,
            MaxDepth = options.MaxDepth,
        };

        // The reader stops where the bytes stop being JSON: quote from there.
        if (ex.InnerException is JsonException)
        {
            var rest = utf8[offset..];
            var cut = rest.IndexOfAnyExcept(s_whiteSpace) < 0 || IsCutShort(utf8, readerOptions);
            return new ReadSpot(byteInLine, cut ? null : Excerpts.Shorten(rest), DepthPassed(utf8, offset, readerOptions));
        }

        // A converter fails just after reading its token: find the token that ends there.
        var reader = new Utf8JsonReader(utf8, readerOptions);
        try
        {
            while (reader.Read())
            {
                if (reader.BytesConsumed < offset)
                {
                    continue;
                }

                var start = (int)reader.TokenStartIndex;
                if (reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray)
                {
                    // Quote the whole object or array (shortened), not just its bracket.
                    reader.TrySkip();
                }

                // A property name's token runs on through its colon, which is no part of the name.
                var token = utf8[start..(int)reader.BytesConsumed].TrimEnd(" \t\r\n:"u8);
                return new ReadSpot(start - (utf8[..start].LastIndexOf((byte)'\n') + 1), Excerpts.Shorten(token));
            }
        }
        catch (JsonException)
        {
            // Bytes the serializer read past but the plain reader refuses (a converter read them its own way): no token.
        }

        return null;
    }

    // Bytes that read without an error as a block that is not the last are the start of a JSON value: the rest is missing
    // (a body that ends just after a comma or a colon, where the reader points at the comma).
    private static bool IsCutShort(ReadOnlySpan<byte> utf8, JsonReaderOptions options)
    {
        var reader = new Utf8JsonReader(utf8, isFinalBlock: false, new JsonReaderState(options));
        try
        {
            while (reader.Read())
            {
            }

            return true;
        }
        catch (JsonException)
        {
            return false;
        }
    }

    // Too deep for the reader: it stopped at a container opening inside the deepest level allowed.
    private static int DepthPassed(ReadOnlySpan<byte> utf8, int offset, JsonReaderOptions options)
    {
        var maxDepth = options.MaxDepth == 0 ? 64 : options.MaxDepth;
        if (offset >= utf8.Length || utf8[offset] is not ((byte)'[' or (byte)'{'))
        {
            return 0;
        }

        var reader = new Utf8JsonReader(utf8, options);
        var inside = 0;
        try
        {
            while (reader.Read())
            {
                inside = reader.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray ? reader.CurrentDepth + 1 : reader.CurrentDepth;
            }
        }
        catch (JsonException)
        {
            return inside >= maxDepth ? maxDepth : 0;
        }

        return 0;
    }

    // System.Text.Json counts lines by line feeds.
    private static int? LineStart(ReadOnlySpan<byte> utf8, long line)
    {
        var start = 0;
        for (long i = 0; i < line; i++)
        {
            var next = utf8[start..].IndexOf((byte)'\n');
            if (next < 0)
            {
                return null;
            }

            start += next + 1;
        }

        return start;
    }
}
