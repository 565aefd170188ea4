#if NET10_0_OR_GREATER
using Refit;
using RefitStj.AotTest.Compat;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// The Native AOT app (tests/RefitStj.AotTest) checks its calls against expected-transcript.txt, which must be what
/// Refit's reflection default sends and reads for those calls on every supported Refit. Here, under the JIT: Refit's own
/// serializer writes that transcript, and RefitStj over the same source-generated context and RefitStj's reflection
/// default write it with only the documented differences. <c>REFITSTJ_WRITE_TRANSCRIPT=1</c> rewrites the file.
/// </summary>
public sealed class AotTranscriptTests
{
    private static readonly string s_path = Path.Combine(Repository.Root, "tests", "RefitStj.AotTest", "expected-transcript.txt");

    [Fact]
    public async Task Refit_Reflection_Default_Writes_The_Checked_In_Transcript()
    {
        var refits = await Transcript.RunAsync(RefitControl.Serializer(), Create);
        if (Environment.GetEnvironmentVariable("REFITSTJ_WRITE_TRANSCRIPT") == "1")
        {
            await File.WriteAllTextAsync(s_path, string.Join('\n', refits) + "\n");
        }

        AssertSameLines(Expected(), refits);
    }

    [Fact]
    public async Task RefitStj_Over_The_Compatible_Context_Writes_Refits_Transcript_But_For_The_Known_Differences()
    {
        var ours = await Transcript.RunAsync(new StjContentSerializer(CompatibleContext.Default), Create);

        AssertSameLines(Expected().Select(KnownDifferences.Apply).ToList(), ours);
    }

    [Fact]
    public async Task RefitStj_Reflection_Default_Writes_Refits_Transcript_But_For_The_Known_Differences()
    {
        var ours = await Transcript.RunAsync(new StjContentSerializer(), Create);

        AssertSameLines(Expected().Select(KnownDifferences.Apply).ToList(), ours);
    }

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
