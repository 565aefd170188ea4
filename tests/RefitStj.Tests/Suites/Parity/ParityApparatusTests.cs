using System.Text.Json;
using CsCheck;
using RefitStj.Tests.Support;
using Xunit.Sdk;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>The parity properties are only as strict as their comparer and as repeatable as their sweep.</summary>
public sealed class ParityApparatusTests
{
    public static TheoryData<string, object?, object?> Differences => new()
    {
        { "long vs double", 5L, 5.0 },
        { "DateTime vs string", new DateTime(2026, 1, 2, 0, 0, 0, DateTimeKind.Utc), "2026-01-02T00:00:00Z" },
        { "decimal scale", 1.0m, 1.00m },
        { "negative zero", 0.0, -0.0 },
        { "DateTime kind", new DateTime(2026, 1, 2, 0, 0, 0, DateTimeKind.Utc), new DateTime(2026, 1, 2, 0, 0, 0, DateTimeKind.Local) },
        { "offset", new DateTimeOffset(2026, 1, 2, 0, 0, 0, TimeSpan.Zero), new DateTimeOffset(2026, 1, 2, 1, 0, 0, TimeSpan.FromHours(1)) },
        { "raw JSON text", JsonSerializer.Deserialize<JsonElement>("1.0"), JsonSerializer.Deserialize<JsonElement>("1") },
        { "nested member", new Envelope { Payload = new List<object?> { 1L } }, new Envelope { Payload = new List<object?> { 2L } } },
        { "dictionary order", new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 }, new Dictionary<string, int> { ["b"] = 2, ["a"] = 1 } },
        { "list length", new List<int> { 1 }, new List<int> { 1, 2 } },
        { "null member", new Person("a", 1), new Person(null!, 1) },
    };

    [Theory]
    [MemberData(nameof(Differences))]
    public void Structural_Difference_Reports_What_Equals_Or_Reserializing_Would_Miss(string what, object? expected, object? actual)
    {
        Assert.True(Structural.Difference(expected, actual) is not null, what);
        Assert.Null(Structural.Difference(expected, expected));
    }

    [Fact]
    public void Structural_Difference_Is_Null_For_Equal_Graphs_Built_Apart()
    {
        Assert.Null(Structural.Difference(Bodies.SampleOrder(), Bodies.SampleOrder()));
    }

    [Fact]
    public async Task Sweep_Checks_The_Same_Cases_On_Every_Run()
    {
        var first = new List<int>();
        var second = new List<int>();

        await Sweep.RunAsync(Gen.Int, 50, i => { first.Add(i); return Task.CompletedTask; }, static i => $"{i}", seed: "0000001diAwe");
        await Sweep.RunAsync(Gen.Int, 50, i => { second.Add(i); return Task.CompletedTask; }, static i => $"{i}", seed: "0000001diAwe");

        Assert.Equal(first, second);
        Assert.True(first.Distinct().Count() > 40);
    }

    [Fact]
    public async Task Sweep_Failure_Prints_A_Seed_That_Replays_The_Failing_Case_First()
    {
        var seen = new List<int>();
        await Sweep.RunAsync(Gen.Int, 20, i => { seen.Add(i); return Task.CompletedTask; }, static i => $"{i}", seed: "0000001diAwe");
        var failing = seen[12];

        var failure = await Assert.ThrowsAsync<XunitException>(() => Sweep.RunAsync(Gen.Int, 20, i => Fail(i == failing), static i => $"{i}", seed: "0000001diAwe"));
        var replay = failure.Message.Split(Sweep.SeedVariable + "=")[1][..12];
        var replayed = await Assert.ThrowsAsync<XunitException>(() => Sweep.RunAsync(Gen.Int, 1, i => Fail(i == failing), static i => $"{i}", seed: replay));

        Assert.StartsWith($"Case 13 of {20 * Sweep.Scale} failed", failure.Message, StringComparison.Ordinal);
        Assert.StartsWith($"Case 1 of {Sweep.Scale} failed", replayed.Message, StringComparison.Ordinal);
    }

    private static Task Fail(bool fail) => fail ? throw new InvalidOperationException("fails") : Task.CompletedTask;
}
