using System.Globalization;
using System.Reflection;
using System.Text;
using Refit;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Lines;

/// <summary>
/// RefitStj as a drop-in on whichever Refit line is loaded: the same 31 calls through real generated clients, for three
/// pairings of RefitStj beside Refit's own serializer, must send the same request and give the caller the same value,
/// except the known differences, each pinned on both sides. Writes artifacts/refit-line-parity-&lt;RefitVersion&gt;.txt.
/// </summary>
public sealed class RefitLineParityTests(LineServer server, ITestOutputHelper output) : IClassFixture<LineServer>
{
    public static TheoryData<string> Pairings => new(Pairing.All.Select(pairing => pairing.Name));

    [Fact]
    public void The_Suite_Makes_31_Distinct_Calls_And_Every_Known_Difference_Names_One_Of_Them()
    {
        Assert.Equal(31, LineCall.All.Select(call => call.Name).Distinct().Count());
        Assert.All(KnownLineDifferences.ForLoadedLine, known =>
        {
            Assert.Contains(known.Call, LineCall.All.Select(call => call.Name));
            Assert.Contains(known.Pairing, Pairing.All.Select(pairing => pairing.Name));
        });
    }

    [Theory]
    [MemberData(nameof(Pairings))]
    public async Task Every_Call_Sends_And_Reads_As_Refits_Own_Serializer_Except_The_Known_Differences(string pairingName)
    {
        var pairingIndex = Pairing.All.Select(pairing => pairing.Name).ToList().IndexOf(pairingName);
        var pairing = Pairing.All[pairingIndex];
        var failures = new List<string>();
        for (var index = 0; index < LineCall.All.Count; index++)
        {
            var call = LineCall.All[index];
            var refitStj = await Observe(call, pairing, Side.RefitStj);
            var refit = await Observe(call, pairing, Side.Refit);
            output.WriteLine($"{call.Name} [{pairing.Name}]\n  RefitStj: {refitStj}\n  Refit:    {refit}");
            var known = KnownLineDifferences.Find(call.Name, pairing.Name);
            string result;
            if (known is not null)
            {
                result = known.RefitStj == refitStj && known.Refit == refit ? "known difference: " + known.Why : "UNEXPECTED (known difference changed)";
            }
            else
            {
                result = refitStj == refit ? "equal" : "UNEXPECTED DIFFERENCE";
            }

            if (result.StartsWith("UNEXPECTED", StringComparison.Ordinal))
            {
                failures.Add($"{call.Name} [{pairing.Name}]: {result}\n  RefitStj request: {refitStj.Request}\n  Refit    request: {refit.Request}\n  RefitStj value:   {refitStj.Value}\n  Refit    value:   {refit.Value}");
            }

            if (LineAnchors.ForLoadedLine.TryGetValue((call.Name, pairing.Name), out var anchor) && anchor != refitStj)
            {
                result = "UNEXPECTED (anchor changed)";
                failures.Add($"{call.Name} [{pairing.Name}]: {result}\n  expected: {anchor}\n  RefitStj: {refitStj}");
            }

            server.Rows[(pairingIndex, index)] = $"{call.Name,-34} {pairing.Name,-14} {result}";
        }

        WriteTable();
        Assert.True(failures.Count == 0, $"{failures.Count} unexpected difference(s) on Refit {RefitVersion}:\n" + string.Join("\n", failures));
    }

    private static string RefitVersion { get; } =
        typeof(RefitSettings).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()!.InformationalVersion.Split('+')[0];

    private async Task<Observed> Observe(LineCall call, Pairing pairing, Side side)
    {
        server.Clear();
        var value = await call.Run(new LineRun(server, pairing, side));
        return new(server.Single().ToString(), value);
    }

    /// <summary>Rewritten after each pairing, so the file holds every pairing run so far, in call order.</summary>
    private void WriteTable()
    {
        var text = new StringBuilder()
            .AppendLine(CultureInfo.InvariantCulture, $"Refit {RefitVersion} ({Environment.Version}): RefitStj beside Refit's own serializer, {LineCall.All.Count} calls per pairing")
            .AppendLine(CultureInfo.InvariantCulture, $"{"call",-34} {"pairing",-14} result");
        foreach (var row in server.Rows.OrderBy(row => row.Key.Pairing).ThenBy(row => row.Key.Call))
        {
            text.AppendLine(row.Value);
        }

        var directory = Path.Combine(Repository.Root, "artifacts");
        Directory.CreateDirectory(directory);
        File.WriteAllText(Path.Combine(directory, $"refit-line-parity-{RefitVersion}.txt"), text.ToString());
    }
}
