using System.Text;
using CsCheck;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>
/// Property-based parity with Refit's built-in <c>SystemTextJsonContentSerializer</c> (default options) over the whole
/// zoo in ParityGen: what one writes the other writes byte for byte, and what one reads from any body (written,
/// mutated or random) the other reads to the same value, or both throw. A fixed seed makes every run check the same
/// cases; Sweep says how to replay a failure or run more.
/// </summary>
public sealed class ParityPropertyTests(ITestOutputHelper output)
{
    private readonly ParityCheck _check = new();

    [Fact]
    public async Task Generated_Values_Are_Written_As_The_Same_Bytes_As_Refit_Builtin()
    {
        var cases = await Sweep.RunAsync(ParityGen.Cases, 300, c => _check.AssertWritesSameAsync(c.Root, c.Value), Print);

        Report(cases);
        Assert.True(_check[ParityCheck.SameBytes] > cases * 2, _check.ToString());
    }

    [Fact]
    public async Task Written_Values_Read_Back_The_Same_As_Refit_Builtin_Reads_Them()
    {
        var cases = await Sweep.RunAsync(ParityGen.Cases, 300, async c => await _check.AssertReadsSameAsync(c.Root, await WrittenByRefit(c.Root, c.Value)), Print);

        Report(cases);
        Assert.True(_check[ParityCheck.SameValue] > cases * 3 / 2, _check.ToString());
    }

    [Fact]
    public async Task Mutated_Json_Reads_The_Same_Value_Or_Throws_In_Both()
    {
        var gen = Gen.Select(ParityGen.Cases, JsonMutation.Some);

        var cases = await Sweep.RunAsync(
            gen,
            500,
            async c => await _check.AssertReadsSameAsync(c.Item1.Root, JsonMutation.ApplyAll(await WrittenByRefit(c.Item1.Root, c.Item1.Value), c.Item2)),
            c => $"{Print(c.Item1)}\nMutations: {string.Join(", ", c.Item2.Select(static m => m.ToString()))}");

        Report(cases);
        AssertBothOutcomesCommon(cases);
    }

    [Fact]
    public async Task Random_Json_Reads_The_Same_Value_Or_Throws_In_Both()
    {
        var gen = Gen.Select(ParityGen.Root, ParityGen.Json);

        var cases = await Sweep.RunAsync(gen, 500, c => _check.AssertReadsSameAsync(c.Item1, Encoding.UTF8.GetBytes(c.Item2)), static c => $"{c.Item1}: {c.Item2}");

        Report(cases);
        AssertBothOutcomesCommon(cases);
    }

    // A value neither can write (NaN, nesting past MaxDepth) is the write property's business; here it reads as "null".
    private static async Task<byte[]> WrittenByRefit(ParityRoot root, object? value) =>
        (await root.WriteAsync(ParityRoot.Builtin, value, WritePath.ToHttpContent)).Value is Written written ? written.Body : "null"u8.ToArray();

    private static string Print((ParityRoot Root, object? Value) c) => $"{c.Root}: {Structural.Show(c.Value)}";

    // Either outcome being rare would mean the inputs are too tame (or too broken) to test the other.
    private void AssertBothOutcomesCommon(int cases)
    {
        Assert.True(_check[ParityCheck.SameValue] > cases / 5 && _check.BothThrew > cases / 5, _check.ToString());
    }

    private void Report(int cases) => output.WriteLine($"{cases} cases (seed {Sweep.Seed}, scale {Sweep.Scale}):\n{_check}");
}
