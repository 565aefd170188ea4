using System.Globalization;
using CsCheck;
using Xunit.Sdk;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// Runs a property over a fixed sequence of generated cases. CsCheck's own Sample draws fresh random cases on every run
/// (its seed fixes only the first case); CI needs the same cases each time, so the cases come from one seeded PCG
/// stream here and CsCheck is asked to shrink only once a case has failed.
/// </summary>
/// <remarks>
/// <c>REFITSTJ_PARITY_SEED</c> (a CsCheck seed, as printed on failure) replaces the fixed seed: the printed seed of a
/// failing case replays it as the first case. <c>REFITSTJ_PARITY_SCALE</c> multiplies every property's case count.
/// </remarks>
internal static class Sweep
{
    public const string SeedVariable = "REFITSTJ_PARITY_SEED";
    public const string ScaleVariable = "REFITSTJ_PARITY_SCALE";

    private static readonly string s_fixedSeed = new PCG(stream: 14, seed: 20_261_123).ToString();

    public static string Seed => Environment.GetEnvironmentVariable(SeedVariable) is { Length: > 0 } seed ? seed : s_fixedSeed;

    public static int Scale =>
        int.TryParse(Environment.GetEnvironmentVariable(ScaleVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var scale) && scale > 0
            ? scale
            : 1;

    /// <summary>Checks <paramref name="property"/> on <paramref name="cases"/> x <see cref="Scale"/> cases; returns how many ran.</summary>
    public static async Task<int> RunAsync<T>(Gen<T> gen, int cases, Func<T, Task> property, Func<T, string> print, string? seed = null)
    {
        seed ??= Seed;
        var pcg = PCG.Parse(seed);
        var total = checked(cases * Scale);
        for (var i = 0; i < total; i++)
        {
            var state = pcg.State;
            var value = gen.Generate(pcg, null, out _);
            try
            {
                await property(value);
            }
            catch (Exception ex)
            {
                var caseSeed = pcg.ToString(state);
                throw new XunitException(
                    $"Case {i + 1} of {total} failed; replay it first with {SeedVariable}={caseSeed} (run seed {seed}).\n"
                    + $"Case: {print(value)}\n{ex.Message}\n{await ShrinkAsync(gen, property, print, caseSeed)}",
                    ex);
            }
        }

        return total;
    }

    // CsCheck shrinks from the failing seed with random smaller cases; whatever it settles on fails too, maybe differently.
    private static async Task<string> ShrinkAsync<T>(Gen<T> gen, Func<T, Task> property, Func<T, string> print, string seed)
    {
        try
        {
            await gen.SampleAsync(property, seed: seed, iter: 500, threads: 1, print: print);
            return "CsCheck could not reproduce the failure (it depends on state outside the case).";
        }
        catch (CsCheckException shrunk)
        {
            return $"Smallest failing case CsCheck found:\n{shrunk.Message}\n{shrunk.InnerException?.Message}";
        }
    }
}
