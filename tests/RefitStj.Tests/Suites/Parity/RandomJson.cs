using System.Text.Json;
using CsCheck;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// Valid JSON documents that do not come from any value: member names the zoo knows (in several cases) or not, and
/// tokens at the edges of what its members accept, so reads hit type mismatches, overflows and near-miss names.
/// </summary>
internal static class RandomJson
{
    private static readonly Gen<string> s_name = Gen.Frequency(
        (6, Gen.OneOfConst(
            "id", "ID", "Id", "name", "NAME", "age", "status", "Status", "maybe", "flags", "access", "history", "byStatus", "byAccess",
            "value", "Value", "items", "bag", "raw", "maybeRaw", "next", "children", "vehicles", "vehicle", "tag", "payload",
            "extra", "customerName", "sku_code", "quantity", "total", "placedAt", "countsByStatus", "grid", "permissions",
            "code", "note", "quoted", "plainEnum", "hidden", "readOnly", "numbers", "people", "tags", "jagged", "byInt", "x", "y",
            "make", "wheels", "electric", "radius", "goodBoy", "int", "long", "double", "decimal", "huge", "half", "char",
            "dateTime", "date", "time", "span", "guid", "text", "bytes", "maybeInt", "$type", "$id", "$ref", "$values", "")),
        (1, ParityText.Any));

    private static readonly Gen<string> s_literal = Gen.OneOfConst(
        "null", "true", "false", "0", "-0", "1", "-1", "2", "3", "7", "42", "127", "128", "-129", "255", "256", "65535", "65536",
        "2147483647", "2147483648", "-2147483649", "4294967296", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "170141183460469231731687303715884105728", "1.5", "-1.5", "0.1", "1e3", "1E+2",
        "1e308", "1e309", "-1e309", "5e-324", "1e-400", "79228162514264337593543950335", "79228162514264337593543950336",
        "0.0000000000000000000000000001", "1.0000000000000000000000000001", "65504", "65520",
        "\"\"", "\" \"", "\"pending\"", "\"Pending\"", "\"PENDING\"", "\"inTransit\"", "\"lost-in-space\"", "\"lostInSpace\"",
        "\"read\"", "\"readWrite\"", "\"all-of-it\"", "\"All\"", "\"alpha\"", "\"Alpha\"", "\"primary\"", "\"ünïcödé\"", "\"max\"",
        "\"low\"", "\"freezing\"", "\"read, write\"", "\"1\"", "\"-1\"", "\"1.5\"", "\"1e3\"", "\" 1\"", "\"0x10\"", "\"NaN\"",
        "\"Infinity\"", "\"-Infinity\"", "\"2026-01-02\"", "\"2026-01-02T03:04:05Z\"", "\"2026-01-02T03:04:05.1234567+05:30\"",
        "\"2026-02-30T00:00:00\"", "\"03:04:05\"", "\"1.02:03:04.5\"", "\"00000000-0000-0000-0000-000000000000\"", "\"AQID\"",
        "\"AQI\"", "\"x\"", "\"xy\"", "\"car\"", "\"bike\"", "\"\\ud800\"", "\"\\u0000\"");

    /// <summary>A JSON value nested at most four deep.</summary>
    public static readonly Gen<string> Value = Gen.Recursive<string>((depth, self) =>
    {
        var leaf = Gen.Frequency(
            (4, s_literal),
            (1, ParityText.Any.Select(static text => JsonSerializer.Serialize(text))));
        return depth >= 4
            ? leaf
            : Gen.Frequency(
                (3, leaf),
                (2, Gen.Select(s_name, self, static (name, value) => $"{JsonSerializer.Serialize(name)}:{value}").Array[0, 5]
                    .Select(static members => "{" + string.Join(",", members) + "}")),
                (1, self.Array[0, 4].Select(static items => "[" + string.Join(",", items) + "]")));
    });

    // Nesting either side of System.Text.Json's default MaxDepth of 64, which reads must enforce alike.
    private static readonly Gen<string> s_deep = Gen.Select(
        Gen.Int[60, 68],
        Gen.OneOfConst(("{\"next\":", "}"), ("{\"children\":[", "]}"), ("[", "]"), ("{\"value\":", "}"), ("{\"payload\":", "}")),
        Gen.OneOfConst("null", "{}", "[]", "1"),
        static (depth, wrap, inner) => string.Concat(Enumerable.Repeat(wrap.Item1, depth)) + inner + string.Concat(Enumerable.Repeat(wrap.Item2, depth)));

    /// <summary>A document, sometimes wrapped in the whitespace JSON allows around it, sometimes nested deeply.</summary>
    public static readonly Gen<string> Document = Gen.Frequency(
        (16, Value),
        (2, Gen.Select(Gen.OneOfConst("", " ", "\r\n", "\t"), Value, static (space, value) => space + value + space)),
        (1, s_deep));
}
