#if NET10_0_OR_GREATER
using Refit;
using RefitStj.AotTest.Compat;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// The Native AOT app (tests/RefitStj.AotTest) checks its calls against expected-transcript.txt, which must be what
/// Refit 16's reflection default (16.3 and 16.4 alike) sends and reads for those calls. Here, under the JIT: Refit's own
/// serializer writes that transcript, and RefitStj over the same source-generated context and RefitStj's reflection
/// default write it with only the documented differences; on 17, whose defaults have 17's wire, both sides run over 16's
/// wire (Refit16Wire) for it, and their 17 defaults are compared with each other. <c>REFITSTJ_WRITE_TRANSCRIPT=1</c>
/// rewrites the file (on 16).
/// </summary>
public sealed class AotTranscriptTests
{
    private static readonly string s_path = Path.Combine(Repository.Root, "tests", "RefitStj.AotTest", "expected-transcript.txt");

    /// <summary>
    /// The checked-in transcript is Refit 16's reflection default. On 17 (whose default has 17's wire) the same calls through
    /// Refit's serializer over 16's wire (Refit16Wire: RefitStj's converters) write it, but for the differences in what is read.
    /// </summary>
    [Fact]
    public async Task Refit_Reflection_Default_Writes_The_Checked_In_Transcript()
    {
#if REFIT17
        var refits = await Transcript.RunAsync(Refit16Wire.RefitSerializer(), Create);
        AssertSameLines(Expected().Select(l => KnownDifferences.Apply(l, static d => !d.Sent)).ToList(), refits);
#else
        var refits = await Transcript.RunAsync(RefitControl.Serializer(), Create);
        if (Environment.GetEnvironmentVariable("REFITSTJ_WRITE_TRANSCRIPT") == "1")
        {
            await File.WriteAllTextAsync(s_path, string.Join('\n', refits) + "\n");
        }

        AssertSameLines(Expected(), refits);
#endif
    }

    [Fact]
    public async Task RefitStj_Over_The_Compatible_Context_Writes_Refits_Transcript_But_For_The_Known_Differences()
    {
        var ours = await Transcript.RunAsync(new StjContentSerializer(CompatibleContext.Default), Create);

        AssertSameLines(Expected().Select(KnownDifferences.Apply).ToList(), ours);
    }

    /// <summary>On 17 RefitStj's reflection default has 17's wire: its 16-wire options (Refit16Wire) write the transcript instead.</summary>
    [Fact]
    public async Task RefitStj_Reflection_Default_Writes_Refits_Transcript_But_For_The_Known_Differences()
    {
#if REFIT17
        var ours = await Transcript.RunAsync(Refit16Wire.Serializer(), Create);
#else
        var ours = await Transcript.RunAsync(new StjContentSerializer(), Create);
#endif

        AssertSameLines(Expected().Select(KnownDifferences.Apply).ToList(), ours);
    }

#if REFIT17
    [Fact]
    public async Task RefitStj_Reflection_Default_Writes_Refit17s_Reflection_Default_Transcript_But_For_What_Is_Sent_For_An_Interface()
    {
        var refits = await Transcript.RunAsync(RefitControl.Serializer(), Create);
        var ours = await Transcript.RunAsync(new StjContentSerializer(), Create);

        // Refit 17's default is enums as numbers and no inferred objects, so only the request-side differences remain.
        Assert.NotEqual(Expected(), refits);
        AssertSameLines(refits.Select(l => KnownDifferences.Apply(l, static d => d.Sent)).ToList(), ours);
    }
#endif

    [Fact]
    public async Task A_Context_Without_Options_Differs_From_Refits_Transcript()
    {
        var plain = await Transcript.RunAsync(new StjContentSerializer(PlainContext.Default), Create);
        var expected = Expected().Select(KnownDifferences.Apply).ToList();

        var differing = plain.Where((line, i) => line != expected[i]).Count();

        Assert.True(differing > expected.Count / 2, $"{differing} of {expected.Count}");
    }

    [Fact]
    public void Every_Known_Difference_Applies_To_A_Line_Of_Refits_Transcript()
    {
        var lines = Expected();

        foreach (var difference in KnownDifferences.All)
        {
            foreach (var mode in difference.Modes)
            {
                var line = Assert.Single(lines, l => KnownDifferences.Key(l) == (mode, difference.Case));
                Assert.NotNull(KnownDifferences.Apply(line));
                Assert.NotEqual(line, KnownDifferences.Apply(line));
            }
        }
    }

    private static ICompatApi Create(HttpClient http, RefitSettings settings) => RestService.ForGenerated<ICompatApi>(http, settings);

    private static List<string> Expected() => [.. File.ReadAllText(s_path).Split('\n', StringSplitOptions.RemoveEmptyEntries)];

    private static void AssertSameLines(IReadOnlyList<string?> expected, List<string> actual)
    {
        for (var i = 0; i < Math.Min(expected.Count, actual.Count); i++)
        {
            Assert.True(expected[i] == actual[i], $"line {i + 1}\n  expected {expected[i]}\n  actual   {actual[i]}");
        }

        Assert.Equal(expected.Count, actual.Count);
    }
}
#endif
