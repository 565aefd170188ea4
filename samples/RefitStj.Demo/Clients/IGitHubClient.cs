using RefitStj.Demo.Models;

namespace RefitStj.Demo.Clients;

/// <summary>
/// The calls the demo makes. One implementation per build mode: Direct/ drives HttpClient the way Refit does (default
/// build), Generated/ wraps a real Refit client (built with -p:RefitVersion=...). Failed calls throw.
/// </summary>
internal interface IGitHubClient
{
    Task<Organization?> GetOrganizationAsync(string org, CancellationToken cancellationToken = default);

    Task<IReadOnlyList<Repository>?> GetRepositoriesAsync(string org, CancellationToken cancellationToken = default);

    Task<Issue?> CreateIssueAsync(string owner, string repo, NewIssue issue, CancellationToken cancellationToken = default);

    /// <summary>The JSON Lines feed, item by item as the server sends them.</summary>
    IAsyncEnumerable<Event?> StreamEventsAsync(CancellationToken cancellationToken = default);
}
