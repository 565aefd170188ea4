using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using Refit;
using Xunit.Sdk;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// Runs both serializers on one input and fails unless they agree: the same bytes and Content-Type, the same value
/// read, or the same exception type from each. Differences pinned by KnownDifferencesTests are counted, not failed.
/// </summary>
internal sealed class ParityCheck(StjContentSerializer ourSerializer, SystemTextJsonContentSerializer refitSerializer)
{
    public const string SameValue = "same value";
    public const string SameBytes = "same bytes";
    private const string BothThrewPrefix = "both threw";

    private static readonly JsonSerializerOptions s_visible = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    private readonly SortedDictionary<string, int> _tally = new(StringComparer.Ordinal);

    /// <summary>Compares <see cref="ParityRoot.Ours"/> with <see cref="ParityRoot.Builtin"/>: each side's defaults on the line in use.</summary>
    public ParityCheck()
        : this(ParityRoot.Ours, ParityRoot.Builtin)
    {
    }

    public int this[string outcome] => _tally.GetValueOrDefault(outcome);

    public int BothThrew => _tally.Where(static pair => pair.Key.StartsWith(BothThrewPrefix, StringComparison.Ordinal)).Sum(static pair => pair.Value);

    public override string ToString() => string.Join("\n", _tally.Select(static pair => $"  {pair.Key}: {pair.Value}"));

    public async Task AssertWritesSameAsync(ParityRoot root, object? value)
    {
        foreach (var path in Enum.GetValues<WritePath>())
        {
            if (path != WritePath.ToHttpContent && !root.SyncPathsComparable)
            {
                continue;
            }

            var ours = await root.WriteAsync(ourSerializer, value, path);
            var builtin = await root.WriteAsync(refitSerializer, value, path);
            if (ours.Value is Written o && builtin.Value is Written b)
            {
                var at = o.Body.AsSpan().CommonPrefixLength(b.Body);
                var same = o.ContentType == b.ContentType && at == o.Body.Length && at == b.Body.Length;
                Check(same, SameBytes, $"{root}.{path}", value, ours, builtin, same ? null : $"byte {at}: {Tail(o.Body, at)} vs {Tail(b.Body, at)}");
            }
            else
            {
                CheckBothThrew(root, path.ToString(), value, ours, builtin);
            }
        }
    }

    /// <summary>Reads <paramref name="body"/> both ways Refit reads: a buffered response, and a string (ApiException.GetContentAs).</summary>
    public async Task AssertReadsSameAsync(ParityRoot root, byte[] body)
    {
        var ours = await root.ReadAsync(ourSerializer, body);
        var builtin = await root.ReadAsync(refitSerializer, body);
        var span = body.AsSpan();
        CompareReads(root, "FromHttpContentAsync", span.StartsWith("\uFEFF"u8) ? span[3..] : span, body, ours, builtin);

        var text = Encoding.UTF8.GetString(body);
        ours = await root.ReadStringAsync(ourSerializer, text);
        builtin = await root.ReadStringAsync(refitSerializer, text);
        if (text.StartsWith('\uFEFF') && builtin.Error is JsonException)
        {
            // Pinned: String_Starting_With_A_Byte_Order_Mark_Reads_Where_Builtin_Throws. Ours must do what Refit does without it.
            Count("known: string with a byte order mark");
            builtin = await root.ReadStringAsync(refitSerializer, text[1..]);
            text = text[1..];
        }

        CompareReads(root, "DeserializeFromString", Encoding.UTF8.GetBytes(text), body, ours, builtin);
    }

    private void CompareReads(ParityRoot root, string path, ReadOnlySpan<byte> json, byte[] body, Outcome ours, Outcome builtin)
    {
        if (ours.Error is null && builtin.Error is null)
        {
            var difference = Structural.Difference(builtin.Value, ours.Value);
            Check(difference is null, SameValue, $"{root}.{path}", body, ours, builtin, difference);
        }
        else if (ours.Error is null && builtin.Error is JsonException && json.IndexOfAnyExcept(" \t\r\n"u8) < 0
            && Structural.Difference(root.Default, ours.Value) is null)
        {
            // Pinned: Empty_And_Whitespace_Bodies_Read_As_Null_Where_Builtin_Throws.
            Count("known: blank body reads as default");
        }
        else
        {
            CheckBothThrew(root, path, body, ours, builtin);
        }
    }

    // The same exception type (or a subclass: RefitStj rethrows JsonException with a better message), so callers that
    // catch what Refit throws keep catching it. Refit's OverflowException for an out-of-range enum number is pinned
    // (Out_Of_Range_Enum_Number_Throws_JsonException_Where_Builtin_Throws_OverflowException).
    private void CheckBothThrew(ParityRoot root, string path, object? input, Outcome ours, Outcome builtin) =>
        Check(
            ours.Error is { } o && builtin.Error is { } b && (b.GetType().IsInstanceOfType(o) || (b is OverflowException && o is JsonException)),
            $"{BothThrewPrefix} ({root}): ours {ours.Error?.GetType().Name}, Refit {builtin.Error?.GetType().Name}",
            $"{root}.{path}",
            input,
            ours,
            builtin,
            difference: null);

    private void Check(bool agree, string outcome, string where, object? input, Outcome ours, Outcome builtin, string? difference)
    {
        if (!agree)
        {
            throw new XunitException(
                $"{where} differs.\nInput: {Show(input)}\nRefitStj: {ours}\nRefit:    {builtin}" + (difference is null ? "" : $"\nFirst difference: {difference}"));
        }

        Count(outcome);
    }

    private void Count(string outcome) => _tally[outcome] = this[outcome] + 1;

    private static string Show(object? input) => input is byte[] body ? Visible(body) : Structural.Show(input);

    private static string Tail(byte[] body, int at) => Visible(body.AsSpan(at, Math.Min(40, body.Length - at)));

    /// <summary>Bytes as a JSON string literal, so control characters, BOMs and invalid UTF-8 (as U+FFFD) stay visible.</summary>
    internal static string Visible(ReadOnlySpan<byte> body) => JsonSerializer.Serialize(Encoding.UTF8.GetString(body), s_visible);
}
