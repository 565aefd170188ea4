using RefitStj.Demo.Models;

namespace RefitStj.Demo.Clients.Generated;

/// <summary>Forwards to a Refit-generated <see cref="IGitHubApi"/>.</summary>
internal sealed class RefitGitHubClient(IGitHubApi api) : IGitHubClient
{
    public Task<Organization?> GetOrganizationAsync(string org, CancellationToken cancellationToken = default) =>
        api.GetOrganization(org, cancellationToken);

    public async Task<IReadOnlyList<Repository>?> GetRepositoriesAsync(string org, CancellationToken cancellationToken = default) =>
        await api.GetRepositories(org, cancellationToken);

    public Task<Issue?> CreateIssueAsync(string owner, string repo, NewIssue issue, CancellationToken cancellationToken = default) =>
        api.CreateIssue(owner, repo, issue, cancellationToken);

    public IAsyncEnumerable<Event?> StreamEventsAsync(CancellationToken cancellationToken = default) =>
        api.StreamEvents(cancellationToken);
}
