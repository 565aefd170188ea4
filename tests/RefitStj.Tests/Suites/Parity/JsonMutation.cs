using System.Text;
using System.Text.Json;
using CsCheck;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// One edit of a JSON body, at a position chosen when it is applied (the generator cannot know the body's length).
/// Byte edits make malformed JSON; token edits keep it well formed but change what it means to the reader.
/// </summary>
internal abstract record JsonMutation
{
    private static readonly byte[] s_bytes = [.. "\"\\,:{}[]0-.eEn "u8, 0x00, 0x80, 0xc3, 0xef, 0xff];

    private static readonly string[] s_tokens =
    [
        "null", "true", "\"\"", "\" \"", "0", "-1", "1.5", "1e400", "-0", "9223372036854775808", "256", "\"1\"", "{}", "[]", "[null]",
        "{\"$type\":\"car\"}", "\"2026-01-02T03:04:05Z\"", "\"NaN\"", "\"Infinity\"", "\"pending\"", "\"PENDING\"", "\"readWrite\"",
    ];

    private static readonly string[] s_insertions = [" ", "\t", "\r\n", "\u00a0", "\f", "\v", "\uFEFF", ",", "null", "/**/", "\0", "\"", "}", "]"];

    public static readonly Gen<JsonMutation> Any = Gen.Frequency<JsonMutation>(
        (2, Gen.UInt.Select(static at => (JsonMutation)new DropByte(at))),
        (1, Gen.UInt.Select(static at => (JsonMutation)new DuplicateByte(at))),
        (2, Gen.Select(Gen.UInt, Gen.Frequency((3, Gen.OneOfConst(s_bytes)), (1, Gen.Byte)), static (at, value) => (JsonMutation)new SetByte(at, value))),
        (1, Gen.Select(Gen.UInt, Gen.Int[0, 7], static (at, bit) => (JsonMutation)new FlipBit(at, bit))),
        (1, Gen.UInt.Select(static at => (JsonMutation)new Truncate(at))),
        (2, Gen.Select(Gen.UInt, Gen.OneOfConst(s_insertions), static (at, text) => (JsonMutation)new Insert(at, text))),
        (1, Gen.Const<JsonMutation>(new Insert(0, "\uFEFF"))),
        (3, Gen.Select(Gen.UInt, Gen.OneOfConst(s_tokens), static (which, token) => (JsonMutation)new ReplaceValue(which, token))),
        (2, Gen.UInt.Select(static which => (JsonMutation)new QuoteNumber(which))),
        (2, Gen.UInt.Select(static which => (JsonMutation)new UnquoteString(which))),
        (3, Gen.Select(Gen.UInt, Gen.Enum<CaseChange>(), static (which, change) => (JsonMutation)new ChangeCase(which, change))),
        (2, Gen.Select(Gen.UInt, Gen.UInt, static (first, second) => (JsonMutation)new SwapValues(first, second))),
        (2, Gen.UInt.Select(static which => (JsonMutation)new DuplicateMember(which))),
        (2, Gen.UInt.Select(static which => (JsonMutation)new DropMember(which))));

    /// <summary>One to three edits, applied in order.</summary>
    public static readonly Gen<JsonMutation[]> Some = Any.Array[1, 3];

    public abstract byte[] Apply(byte[] json);

    public static byte[] ApplyAll(byte[] json, JsonMutation[] mutations)
    {
        foreach (var mutation in mutations)
        {
            json = mutation.Apply(json);
        }

        return json;
    }

    protected static byte[] Splice(byte[] json, int start, int end, ReadOnlySpan<byte> replacement) =>
        [.. json.AsSpan(0, start), .. replacement, .. json.AsSpan(end)];

    protected static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    /// <summary>The tokens of <paramref name="json"/> up to its first error, with their byte ranges.</summary>
    protected static List<Token> Tokens(byte[] json)
    {
        var tokens = new List<Token>();
        var reader = new Utf8JsonReader(json, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Skip });
        try
        {
            while (reader.Read())
            {
                var start = (int)reader.TokenStartIndex;
                var kind = reader.TokenType;
                var end = kind is JsonTokenType.String or JsonTokenType.PropertyName
                    ? start + reader.ValueSpan.Length + 2
                    : start + reader.ValueSpan.Length;

                // A member spans from its name to the end of its value.
                var memberEnd = kind == JsonTokenType.PropertyName ? MemberEnd(reader) : end;

                tokens.Add(new Token(kind, start, end, memberEnd));
            }
        }
        catch (JsonException)
        {
            // Tokens before the error are still worth editing.
        }

        return tokens;
    }

    private static int MemberEnd(Utf8JsonReader reader)
    {
        try
        {
            return reader.Read() && reader.TrySkip() ? (int)reader.BytesConsumed : -1;
        }
        catch (JsonException)
        {
            return -1;
        }
    }

    /// <summary>The <paramref name="which"/>-th token (modulo their number) that <paramref name="match"/> accepts.</summary>
    protected static Token? Pick(byte[] json, uint which, Func<Token, bool> match)
    {
        var candidates = Tokens(json).Where(match).ToList();
        return candidates.Count == 0 ? null : candidates[(int)(which % (uint)candidates.Count)];
    }

    protected static bool IsValue(Token token) =>
        token.Kind is JsonTokenType.String or JsonTokenType.Number or JsonTokenType.True or JsonTokenType.False or JsonTokenType.Null;

    private static int Position(byte[] json, uint at, int extra = 0) => (int)(at % (uint)(json.Length + extra));

    internal readonly record struct Token(JsonTokenType Kind, int Start, int End, int MemberEnd);

    internal enum CaseChange
    {
        Upper,
        Lower,
        Pascal,
        Camel,
        ToggleLast,
    }

    private sealed record DropByte(uint At) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => json.Length == 0 ? json : Splice(json, Position(json, At), Position(json, At) + 1, []);
    }

    private sealed record DuplicateByte(uint At) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => json.Length == 0 ? json : Splice(json, Position(json, At), Position(json, At), [json[Position(json, At)]]);
    }

    private sealed record SetByte(uint At, byte Value) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => json.Length == 0 ? json : Splice(json, Position(json, At), Position(json, At) + 1, [Value]);
    }

    private sealed record FlipBit(uint At, int Bit) : JsonMutation
    {
        public override byte[] Apply(byte[] json) =>
            json.Length == 0 ? json : Splice(json, Position(json, At), Position(json, At) + 1, [(byte)(json[Position(json, At)] ^ (1 << Bit))]);
    }

    private sealed record Truncate(uint At) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => json[..Position(json, At, extra: 1)];
    }

    private sealed record Insert(uint At, string Text) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => Splice(json, Position(json, At, extra: 1), Position(json, At, extra: 1), Utf8(Text));
    }

    private sealed record ReplaceValue(uint Which, string Replacement) : JsonMutation
    {
        public override byte[] Apply(byte[] json) => Pick(json, Which, IsValue) is { } t ? Splice(json, t.Start, t.End, Utf8(Replacement)) : json;
    }

    private sealed record QuoteNumber(uint Which) : JsonMutation
    {
        public override byte[] Apply(byte[] json) =>
            Pick(json, Which, static t => t.Kind == JsonTokenType.Number) is { } t
                ? Splice(json, t.Start, t.End, [(byte)'"', .. json.AsSpan(t.Start, t.End - t.Start), (byte)'"'])
                : json;
    }

    private sealed record UnquoteString(uint Which) : JsonMutation
    {
        public override byte[] Apply(byte[] json) =>
            Pick(json, Which, static t => t.Kind == JsonTokenType.String) is { } t
                ? Splice(json, t.Start, t.End, json.AsSpan(t.Start + 1, t.End - t.Start - 2))
                : json;
    }

    private sealed record ChangeCase(uint Which, CaseChange Change) : JsonMutation
    {
        public override byte[] Apply(byte[] json)
        {
            if (Pick(json, Which, static t => t.Kind is JsonTokenType.String or JsonTokenType.PropertyName) is not { } t)
            {
                return json;
            }

            // Decoded and re-encoded as text, so non-ASCII letters change case too (İ, ß, K).
            var text = Encoding.UTF8.GetString(json, t.Start + 1, t.End - t.Start - 2);
            var changed = Change switch
            {
                CaseChange.Upper => text.ToUpperInvariant(),
                CaseChange.Lower => text.ToLowerInvariant(),
                CaseChange.Pascal when text.Length > 0 => char.ToUpperInvariant(text[0]) + text[1..],
                CaseChange.Camel when text.Length > 0 => char.ToLowerInvariant(text[0]) + text[1..],
                CaseChange.ToggleLast when text.Length > 0 => text[..^1] + (char.IsUpper(text[^1]) ? char.ToLowerInvariant(text[^1]) : char.ToUpperInvariant(text[^1])),
                _ => text,
            };
            return Splice(json, t.Start + 1, t.End - 1, Utf8(changed));
        }
    }

    private sealed record SwapValues(uint First, uint Second) : JsonMutation
    {
        public override byte[] Apply(byte[] json)
        {
            var values = Tokens(json).Where(IsValue).ToList();
            if (values.Count < 2)
            {
                return json;
            }

            var (a, b) = (values[(int)(First % (uint)values.Count)], values[(int)(Second % (uint)values.Count)]);
            if (a.Start == b.Start)
            {
                return json;
            }

            (a, b) = a.Start < b.Start ? (a, b) : (b, a);
            return [.. json.AsSpan(0, a.Start), .. json.AsSpan(b.Start, b.End - b.Start), .. json.AsSpan(a.End, b.Start - a.End), .. json.AsSpan(a.Start, a.End - a.Start), .. json.AsSpan(b.End)];
        }
    }

    private sealed record DuplicateMember(uint Which) : JsonMutation
    {
        public override byte[] Apply(byte[] json) =>
            Pick(json, Which, static t => t.Kind == JsonTokenType.PropertyName && t.MemberEnd > 0) is { } t
                ? Splice(json, t.MemberEnd, t.MemberEnd, [(byte)',', .. json.AsSpan(t.Start, t.MemberEnd - t.Start)])
                : json;
    }

    private sealed record DropMember(uint Which) : JsonMutation
    {
        public override byte[] Apply(byte[] json)
        {
            if (Pick(json, Which, static t => t.Kind == JsonTokenType.PropertyName && t.MemberEnd > 0) is not { } t)
            {
                return json;
            }

            // Take the comma after the member, or else the one before it, so the object stays well formed.
            var after = json.AsSpan(t.MemberEnd).IndexOfAnyExcept(" \t\r\n"u8);
            if (after >= 0 && json[t.MemberEnd + after] == (byte)',')
            {
                return Splice(json, t.Start, t.MemberEnd + after + 1, []);
            }

            var before = json.AsSpan(0, t.Start).LastIndexOfAnyExcept(" \t\r\n"u8);
            return before >= 0 && json[before] == (byte)','
                ? Splice(json, before, t.MemberEnd, [])
                : Splice(json, t.Start, t.MemberEnd, []);
        }
    }
}
