using CsCheck;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>Strings that trip escaping and decoding; on their own so that every other generator can start from them.</summary>
internal static class ParityText
{
    public static readonly Gen<string> Any = Gen.Frequency(
        (30, Pieces(12)),
        (1, Pieces(4).Select(static piece => string.Concat(Enumerable.Repeat(piece, 400)))));

    /// <summary>Text built from pieces chosen to trip escaping: controls, HTML-sensitive, line separators, BOM, astral and lone surrogates.</summary>
    private static Gen<string> Pieces(int most) => Gen.Frequency(
        (8, Gen.Char['a', 'z'].Select(static c => c.ToString())),
        (3, Gen.Char[' ', '~'].Select(static c => c.ToString())),
        (1, Gen.Char['\0', '\u001f'].Select(static c => c.ToString())),
        (3, Gen.OneOfConst("<", ">", "&", "'", "\"", "\\", "/", "+", "`", "\u007f", "\u0085", "\u00a0", "é", "Ü", "ß", "İ", "ı", "\u212a", "\u2028", "\u2029", "\ufeff", "\ufffd", "\uffff", "😀", "👩‍👩‍👧", "𝄞", "e\u0301", "中文", "مرحبا", "Pending", "lost-in-space", "2026-01-02T03:04:05Z")),
        (1, Gen.Char['\u0100', '\ud7ff'].Select(static c => c.ToString())),
        (1, Gen.Char['\ud800', '\udfff'].Select(static c => c.ToString())))
        .Array[0, most]
        .Select(static pieces => string.Concat(pieces));
}
