using Refit;

namespace RefitStj.Demo;

/// <summary>The embedded API as a Refit interface; Refit's source generator implements it.</summary>
internal interface IGitHubApi
{
    [Get("/orgs/{org}")]
    Task<Organization> GetOrganization(string org, CancellationToken cancellationToken);

    [Get("/orgs/{org}/repos")]
    Task<List<Repository>> GetRepositories(string org, CancellationToken cancellationToken);

    [Post("/repos/{owner}/{repo}/issues")]
    Task<Issue> CreateIssue(string owner, string repo, [Body] NewIssue issue, CancellationToken cancellationToken);

    /// <summary>Refit reads it through the serializer's DeserializeStreamAsync, as JSON Lines (from the media type).</summary>
    [Get("/events")]
    IAsyncEnumerable<Event> StreamEvents(CancellationToken cancellationToken);
}
