using System.Diagnostics;
using RefitStj.Demo.Clients;
using RefitStj.Demo.Models;
using RefitStj.Demo.Output;
using RefitStj.Demo.Server;
using static System.FormattableString;

namespace RefitStj.Demo;

/// <summary>Makes each call once through RefitStj, prints what came back and checks it.</summary>
internal sealed class Walkthrough(IGitHubClient client, DemoConsole console)
{
    public const string IssueRepository = "runtime";

    public static NewIssue SampleIssue { get; } = new()
    {
        Title = "Try RefitStj",
        Body = "Sent by the RefitStj demo.",
        Labels = ["demo", "question"],
    };

    /// <summary>Runs the calls; with <paramref name="embedded"/> also the POST and the feed, and exact checks of the sample data.</summary>
    /// <returns>The number of repositories read, or <see langword="null"/> when a call returned something wrong.</returns>
    public async Task<int?> RunAsync(string org, bool embedded, CancellationToken cancellationToken)
    {
        if (!await ShowOrganizationAsync(org, cancellationToken))
        {
            return null;
        }

        var repositories = await ShowRepositoriesAsync(org, embedded, cancellationToken);
        if (repositories is null)
        {
            return null;
        }

        if (embedded && !(await ShowCreatedIssueAsync(org, cancellationToken) && await ShowEventsAsync(cancellationToken)))
        {
            return null;
        }

        return repositories;
    }

    private async Task<bool> ShowOrganizationAsync(string org, CancellationToken cancellationToken)
    {
        console.WriteLine($"GET /orgs/{org}");
        var organization = await client.GetOrganizationAsync(org, cancellationToken);
        if (organization is null || !string.Equals(organization.Login, org, StringComparison.OrdinalIgnoreCase))
        {
            console.Fail($"GET /orgs/{org} returned {(organization is null ? "nothing" : $"the organization '{organization.Login}'")}.");
            return false;
        }

        console.WriteLine($"  {organization.Name ?? organization.Login} [{organization.Login}]: {organization.Description ?? "(no description)"}");
        return true;
    }

    private async Task<int?> ShowRepositoriesAsync(string org, bool embedded, CancellationToken cancellationToken)
    {
        console.WriteLine($"GET /orgs/{org}/repos");
        var repositories = await client.GetRepositoriesAsync(org, cancellationToken);
        if (repositories is null || repositories.Any(repository => repository is null || repository.Name.Length == 0)
            || (embedded && repositories.Count != SampleData.RepositoryCount))
        {
            console.Fail(Invariant($"GET /orgs/{org}/repos returned {(repositories is null ? "nothing" : $"{repositories.Count} entries, not the expected list")}."));
            return null;
        }

        var first = repositories.Count == 0 ? "none" : Describe(repositories[0]);
        console.WriteLine(Invariant($"  {repositories.Count} repositories; first: {first}"));
        return repositories.Count;
    }

    private async Task<bool> ShowCreatedIssueAsync(string org, CancellationToken cancellationToken)
    {
        console.WriteLine($"POST /repos/{org}/{IssueRepository}/issues");
        var sent = SampleIssue;
        var issue = await client.CreateIssueAsync(org, IssueRepository, sent, cancellationToken);
        if (issue is not { Id: > 0, State: "open" } || issue.Title != sent.Title || issue.Body != sent.Body || !issue.Labels.SequenceEqual(sent.Labels))
        {
            console.Fail($"POST /repos/{org}/{IssueRepository}/issues did not echo the issue back.");
            return false;
        }

        console.WriteLine(Invariant($"  created issue #{issue.Number} (id {issue.Id}): \"{issue.Title}\" [{issue.State}; labels: {string.Join(", ", issue.Labels)}]"));
        console.WriteLine("  (this server takes only JSON sent with a Content-Length; Refit sends one with Buffered = true)");
        return true;
    }

    private async Task<bool> ShowEventsAsync(CancellationToken cancellationToken)
    {
        console.WriteLine("GET /events (application/x-ndjson, read item by item as the server flushes them)");
        var clock = Stopwatch.StartNew();
        var count = 0;
        TimeSpan first = default;
        Event? last = null;
        await foreach (var item in client.StreamEventsAsync(cancellationToken))
        {
            if (item is null || (count > 0 && item.Id != last!.Id + 1))
            {
                console.Fail(Invariant($"event {count + 1} of the feed is {(item is null ? "null" : "out of order")}."));
                return false;
            }

            count++;
            last = item;
            first = count == 1 ? clock.Elapsed : first;
            if (console.Interactive)
            {
                console.Progress(Invariant($"  events received: {count} ({clock.ElapsedMilliseconds} ms), the last: {item.Type} by {item.Actor}"));
            }
            else if (count % 5 == 0)
            {
                console.WriteLine(Invariant($"  events received: {count} ({clock.ElapsedMilliseconds} ms)"));
            }
        }

        if (count != SampleData.EventCount)
        {
            console.Fail(Invariant($"the feed ended after {count} events, not {SampleData.EventCount}."));
            return false;
        }

        console.WriteLine(Invariant($"  {count} events: the first after {first.TotalMilliseconds:F0} ms, the last after {clock.ElapsedMilliseconds} ms ({last!.Type} by {last.Actor} on {last.Repo})"));
        return true;
    }

    private static string Describe(Repository repository)
    {
        var name = repository.FullName.Length > 0 ? repository.FullName : repository.Name;
        var details = new List<string>(3);
        if (repository.Language is { } language)
        {
            details.Add(language);
        }

        if (repository.StargazersCount > 0)
        {
            details.Add(Invariant($"{repository.StargazersCount:N0} stars"));
        }

        details.Add(repository.Private ? "private" : "public");
        return $"{name} ({string.Join(", ", details)})";
    }
}
