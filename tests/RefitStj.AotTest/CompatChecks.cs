using System.Text.Json.Serialization;
using Refit;
using RefitStj.AotTest.Compat;

namespace RefitStj.AotTest;

/// <summary>
/// Compares what this app sends and reads through RefitStj over <see cref="CompatibleContext"/> with Refit's reflection
/// default, line by line against expected-transcript.txt (written by Refit's own serializer under the JIT; the test
/// AotTranscriptTests keeps it current). <c>--context plain</c> runs the same calls over a context without options.
/// </summary>
internal static class CompatChecks
{
    public static async Task RunAsync(Checks checks, string[] args)
    {
        JsonSerializerContext context = args is ["--context", "plain", ..] ? PlainContext.Default : CompatibleContext.Default;
        var name = context.GetType().Name;
        var expected = ReadExpected();
        var actual = await Transcript.RunAsync(
            new StjContentSerializer(context),
            static (http, settings) => RestService.ForGenerated<ICompatApi>(http, settings)).ConfigureAwait(false);

        checks.That($"{name}: transcript has the expected calls", actual.Count == expected.Count, $"{actual.Count} lines, expected {expected.Count}");
        var differing = 0;
        for (var i = 0; i < Math.Min(actual.Count, expected.Count); i++)
        {
            var (mode, call) = KnownDifferences.Key(expected[i]);
            var known = KnownDifferences.For(mode, call);
            var wanted = KnownDifferences.Apply(expected[i]);
            var ok = actual[i] == wanted;
            differing += ok ? 0 : 1;
            var what = known is null ? $"{name}: {mode} {call} as Refit's default" : $"{name}: {mode} {call} (known difference: {known.Why})";
            checks.That(what, ok, $"\n     got      {actual[i]}\n     expected {wanted ?? "(the known difference no longer applies) " + expected[i]}");
        }

        Console.WriteLine($"{name}: {differing} of {expected.Count} calls differ from Refit's default");
    }

    private static List<string> ReadExpected()
    {
        using var stream = typeof(CompatChecks).Assembly.GetManifestResourceStream("expected-transcript.txt")
            ?? throw new InvalidOperationException("expected-transcript.txt is not embedded.");
        using var reader = new StreamReader(stream);
        return [.. reader.ReadToEnd().Split('\n', StringSplitOptions.RemoveEmptyEntries)];
    }
}
