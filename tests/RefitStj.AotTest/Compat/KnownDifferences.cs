namespace RefitStj.AotTest.Compat;

/// <summary>One documented difference (README, Compatibility): in these lines RefitStj has <paramref name="RefitStj"/> where Refit has <paramref name="Refit"/>.</summary>
internal sealed record KnownDifference(string Case, string[] Modes, string Refit, string RefitStj, string Why)
{
    /// <summary>Whether the difference is in the request sent (rather than in what the call read or threw).</summary>
    public bool Sent => Refit.StartsWith('[');
}

/// <summary>
/// The transcript is Refit's; these are the only places RefitStj's may differ, each where Refit's default drops data or
/// throws. Each must still apply (a test checks that Refit's line has the text replaced), so none goes stale.
/// </summary>
internal static class KnownDifferences
{
    private static readonly string[] s_allModes = ["default", "buffered", "serialization-buffered", "serialization-streamed"];

    public static IReadOnlyList<KnownDifference> All { get; } =
    [
        new("interface-body", ["serialization-buffered"], """[length 17] {"kind":"circle"}""", """[length 30] {"kind":"circle","radius":2.5}""",
            "an interface body keeps its runtime members in the Buffered and Streamed modes"),
        new("interface-body", ["serialization-streamed"], """[no length] {"kind":"circle"}""", """[no length] {"kind":"circle","radius":2.5}""",
            "an interface body keeps its runtime members in the Buffered and Streamed modes"),
        new("paint-flags-out-of-range", s_allModes, "throws ApiException(OverflowException)", "throws ApiException(JsonException)",
            "an out-of-range enum number is a JsonException"),
        new("paint-numeric-key", s_allModes, "throws ApiException(JsonException)",
            """{"Id":0,"Color":0,"Accent":null,"Access":0,"Size":0,"Alias":0,"Palette":null,"Stock":{"5":1},"Comment":null}""",
            "a numeric enum dictionary key reads"),
        new("stock-numeric-key", s_allModes, "throws ApiException(JsonException)", """{"9":1}""",
            "a numeric enum dictionary key reads"),
    ];

    /// <summary>The difference that applies to <paramref name="mode"/> and <paramref name="name"/>, if any.</summary>
    public static KnownDifference? For(string mode, string name) =>
        All.FirstOrDefault(d => d.Case == name && d.Modes.Contains(mode));

    /// <summary>Refit's line as RefitStj should write it, or <see langword="null"/> where Refit's line lacks the text a difference replaces.</summary>
    public static string? Apply(string refitLine) => Apply(refitLine, static _ => true);

    /// <summary>As <see cref="Apply(string)"/>, with only the differences <paramref name="which"/> selects.</summary>
    public static string? Apply(string refitLine, Func<KnownDifference, bool> which)
    {
        var (mode, name) = Key(refitLine);
        if (For(mode, name) is not { } difference || !which(difference))
        {
            return refitLine;
        }

        return refitLine.Contains(difference.Refit, StringComparison.Ordinal)
            ? refitLine.Replace(difference.Refit, difference.RefitStj, StringComparison.Ordinal)
            : null;
    }

    /// <summary>A line's mode and case: its first two words.</summary>
    public static (string Mode, string Case) Key(string line)
    {
        var parts = line.Split(' ', 3);
        return (parts[0], parts.Length > 1 ? parts[1] : string.Empty);
    }
}
