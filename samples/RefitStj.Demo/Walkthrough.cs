using System.Diagnostics;
using System.Net;
using Refit;
using static System.FormattableString;

namespace RefitStj.Demo;

/// <summary>Makes each kind of call once through the Refit client, prints what came back, and checks it.</summary>
internal sealed class Walkthrough(IGitHubApi api, TextWriter output)
{
    public const string Org = "dotnet";

    public const string IssueRepository = "runtime";

    private const string IssuesPath = $"/repos/{Org}/{IssueRepository}/issues";

    public static NewIssue SampleIssue { get; } = new("Try RefitStj", "Sent by the RefitStj demo.", ["demo", "question"]);

    private int _publicRepos;

    /// <returns><see langword="null"/> when every call answered as expected, otherwise what was wrong.</returns>
    public async Task<string?> RunAsync(CancellationToken cancellationToken) =>
        await ShowObjectAsync(cancellationToken)
        ?? await ShowListAsync(cancellationToken)
        ?? await ShowBodyAsync(cancellationToken)
        ?? await ShowErrorAsync(cancellationToken)
        ?? await ShowStreamAsync(cancellationToken);

    private async Task<string?> ShowObjectAsync(CancellationToken cancellationToken)
    {
        Step(1, $"GET /orgs/{Org}: an object (Task<Organization>)");
        var organization = await api.GetOrganization(Org, cancellationToken);
        if (organization?.Login != Org)
        {
            return $"GET /orgs/{Org} answered the organization '{organization?.Login}'.";
        }

        _publicRepos = organization.PublicRepos;
        Line($"{organization.Name} [{organization.Login}], {_publicRepos} public repositories, since {organization.CreatedAt:yyyy-MM-dd}");
        Line($"\"{organization.Description}\"");
        return null;
    }

    private async Task<string?> ShowListAsync(CancellationToken cancellationToken)
    {
        Step(2, $"GET /orgs/{Org}/repos: a list (Task<List<Repository>>)");
        var repositories = await api.GetRepositories(Org, cancellationToken);
        if (repositories?.Count != _publicRepos || repositories.Any(repository => repository is null))
        {
            return $"GET /orgs/{Org}/repos answered {repositories?.Count} repositories, not the organization's {_publicRepos}.";
        }

        Line($"{repositories.Count} repositories, the first three:");
        foreach (var repository in repositories.Take(3))
        {
            var language = repository.Language ?? "no language";
            Line($"  {repository.FullName} ({language}, {repository.StargazersCount:N0} stars, {repository.Visibility})");
        }

        return null;
    }

    private async Task<string?> ShowBodyAsync(CancellationToken cancellationToken)
    {
        Step(3, $"POST {IssuesPath}: a request body (NewIssue), the created Issue back");
        var sent = SampleIssue;
        var issue = await api.CreateIssue(Org, IssueRepository, sent, cancellationToken);
        if (issue is not { Id: > 0, State: "open" }
            || issue.Title != sent.Title || issue.Body != sent.Body || issue.Labels?.SequenceEqual(sent.Labels) != true)
        {
            return $"POST {IssuesPath} did not echo the issue back.";
        }

        Line($"created issue #{issue.Number}: \"{issue.Title}\" [{issue.State}; labels: {string.Join(", ", issue.Labels)}]");
        return null;
    }

    private async Task<string?> ShowErrorAsync(CancellationToken cancellationToken)
    {
        Step(4, $"POST {IssuesPath} without a title: an error response (ApiException)");
        try
        {
            await api.CreateIssue(Org, IssueRepository, SampleIssue with { Title = "" }, cancellationToken);
            return $"POST {IssuesPath} accepted an issue without a title.";
        }
        catch (ApiException exception) when (exception.StatusCode == HttpStatusCode.UnprocessableEntity)
        {
            var error = await exception.GetContentAsAsync<ApiError>();
            if (string.IsNullOrEmpty(error?.Message))
            {
                return $"POST {IssuesPath} answered 422 without an error message.";
            }

            Line($"{(int)exception.StatusCode} {exception.ReasonPhrase}; GetContentAsAsync<ApiError>() reads: \"{error.Message}\"");
            return null;
        }
        catch (ApiException exception)
        {
            return $"POST {IssuesPath} without a title answered {(int)exception.StatusCode}, not 422.";
        }
    }

    private async Task<string?> ShowStreamAsync(CancellationToken cancellationToken)
    {
        Step(5, "GET /events: a stream (IAsyncEnumerable<Event>), JSON Lines read through DeserializeStreamAsync");
        var clock = Stopwatch.StartNew();
        var count = 0;
        Event? previous = null;
        await foreach (var item in api.StreamEvents(cancellationToken))
        {
            if (item is null || (previous is not null && item.Id != previous.Id + 1))
            {
                return $"event {count + 1} of the feed is {(item is null ? "null" : "out of order")}.";
            }

            count++;
            previous = item;
            Line($"after {clock.ElapsedMilliseconds,4} ms: {item.Type} by {item.Actor} on {item.Repo}");
        }

        if (count == 0)
        {
            return "the feed was empty.";
        }

        Line($"{count} events, each handed over as it arrived (the server pauses between them)");
        return null;
    }

    private void Step(int number, string title) => output.WriteLine(Invariant($"{number}. {title}"));

    private void Line(FormattableString text) => output.WriteLine("   " + Invariant(text));
}
