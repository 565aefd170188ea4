using RefitStj.Demo.Clients;
using RefitStj.Demo.Output;
using static System.FormattableString;

namespace RefitStj.Demo.Comparison;

/// <summary>Measures each scenario through RefitStj and through Refit's built-in path.</summary>
internal sealed class ComparisonRunner(HttpClient http, DemoConsole console, TimeSpan duration)
{
    public const string BenchmarkCommand = "dotnet run -c Release --project tests/RefitStj.Benchmarks -- --filter '*'";

    /// <summary>The measuring time of each path is split into rounds that alternate between the paths, so a change in machine load hits both.</summary>
    private const int Rounds = 3;

    private readonly TimeSpan _warmUp = TimeSpan.FromTicks(Math.Clamp(duration.Ticks / 5, TimeSpan.FromMilliseconds(50).Ticks, TimeSpan.FromMilliseconds(250).Ticks));

    /// <summary>Runs the comparison; <paramref name="embedded"/> adds the POST scenario (never sent to a real API).</summary>
    /// <returns><see langword="false"/> when a call answered wrongly.</returns>
    public async Task<bool> RunAsync(string org, int repositoryCount, bool embedded, CancellationToken cancellationToken)
    {
        console.WriteLine("Comparison with Refit's built-in path");
        console.WriteLine("  RefitStj: new StjContentSerializer()");
        console.WriteLine($"  built-in: {ClientMode.BuiltIn}");
        console.WriteLine(Invariant($"  Each path runs each scenario for {duration.TotalSeconds:0.##} s (after a {_warmUp.TotalSeconds:0.##} s warm-up), one call at a time,"));
        console.WriteLine(Invariant($"  in {Rounds} rounds alternating between the paths."));
        if (embedded)
        {
            await DescribeBuiltInBodiesAsync(org, cancellationToken);
        }

        IGitHubClient[] clients = [ClientMode.CreateRefitStj(http, bufferBodies: true), ClientMode.CreateBuiltIn(http, bufferBodies: true)];
        var scenarios = Scenarios(org, repositoryCount, embedded);
        var rows = new List<ComparisonRow>();
        foreach (var scenario in scenarios)
        {
            var label = Invariant($"[{rows.Count + 1}/{scenarios.Count}] {scenario.Name}");
            var measured = await MeasureAsync(scenario, clients, label, cancellationToken);
            if (measured is null)
            {
                return false;
            }

            rows.Add(new ComparisonRow(scenario.Name, measured[0], measured[1]));
            console.ProgressLine(Invariant($"  {label}: RefitStj {measured[0].Calls:N0} calls, built-in {measured[1].Calls:N0} calls"));
        }

        console.WriteLine();
        ComparisonTable.Write(console, rows);
        if (embedded)
        {
            console.WriteLine("  Rough in-process numbers: client and server share this process, calls go one at a time over loopback,");
            console.WriteLine("  and the bytes include the embedded server's share of each call (the same for both paths).");
        }
        else
        {
            console.WriteLine("  Rough numbers: against a remote API the network dominates the time; the bytes are this process's.");
        }

        console.WriteLine($"  For real figures run the BenchmarkDotNet suite: {BenchmarkCommand}");
        return true;
    }

    /// <returns>One measurement per client, or <see langword="null"/> when a call answered wrongly.</returns>
    private async Task<Measurement[]?> MeasureAsync(Scenario scenario, IGitHubClient[] clients, string label, CancellationToken cancellationToken)
    {
        console.Progress($"  {label}: warming up");
        foreach (var client in clients)
        {
            if (!await Measurer.WarmUpAsync(token => scenario.CallAsync(client, token), _warmUp, cancellationToken))
            {
                console.Fail($"{scenario.Name} returned something wrong while warming up.");
                return null;
            }
        }

        var results = new Measurement[clients.Length];
        var total = duration * clients.Length;
        var done = TimeSpan.Zero;
        for (var round = 0; round < Rounds; round++)
        {
            for (var i = 0; i < clients.Length; i++)
            {
                var client = clients[i];
                var measured = await Measurer.MeasureAsync(
                    token => scenario.CallAsync(client, token),
                    duration / Rounds,
                    elapsed => ReportProgress(label, (done + elapsed) / total),
                    cancellationToken);
                if (measured is not { } result)
                {
                    console.Fail($"{scenario.Name} returned something wrong while measuring.");
                    return null;
                }

                results[i] = results[i].Add(result);
                done += result.Elapsed;
            }
        }

        return results;
    }

    private void ReportProgress(string label, double fraction)
    {
        fraction = Math.Min(1, fraction);
        console.Progress(Invariant($"  {label}: [{new string('#', (int)(fraction * 20)),-20}] {fraction * 100,3:F0}%"));
    }

    private static List<Scenario> Scenarios(string org, int repositoryCount, bool embedded)
    {
        var scenarios = new List<Scenario>
        {
            new("GET org", async (client, token) =>
                string.Equals((await client.GetOrganizationAsync(org, token))?.Login, org, StringComparison.OrdinalIgnoreCase)),
            new(Invariant($"GET repos ({repositoryCount})"), async (client, token) =>
                (await client.GetRepositoriesAsync(org, token))?.Count == repositoryCount),
        };
        if (embedded)
        {
            var sent = Walkthrough.SampleIssue;
            scenarios.Add(new("POST issue", async (client, token) =>
                await client.CreateIssueAsync(org, Walkthrough.IssueRepository, sent, token) is { Id: > 0 } issue && issue.Title == sent.Title));
        }

        return scenarios;
    }

    /// <summary>Says why both paths buffer their bodies here, after checking that this server refuses unbuffered ones.</summary>
    private async Task DescribeBuiltInBodiesAsync(string org, CancellationToken cancellationToken)
    {
        var unbuffered = ClientMode.CreateBuiltIn(http, bufferBodies: false);
        string outcome;
        try
        {
            await unbuffered.CreateIssueAsync(org, Walkthrough.IssueRepository, Walkthrough.SampleIssue, cancellationToken);
            outcome = "this server accepted one anyway";
        }
        catch (Exception exception) when (ClientMode.StatusCodeOf(exception) is { } status)
        {
            outcome = Invariant($"this server answers {(int)status}, checked just now");
        }

        console.WriteLine("  Both paths send request bodies with Refit's Buffered = true, so they carry a Content-Length;");
        console.WriteLine($"  unbuffered, the built-in body goes out chunked ({outcome}).");
    }
}
