namespace RefitStj.Demo;

// The embedded API's JSON, shaped like GitHub's (camelCase on the wire, as Refit's defaults write it).

/// <summary>GET /orgs/{org}: one object.</summary>
internal sealed record Organization(string Login, string? Name, string? Description, int PublicRepos, DateTimeOffset CreatedAt);

/// <summary>An entry of GET /orgs/{org}/repos.</summary>
internal sealed record Repository(long Id, string FullName, string? Language, int StargazersCount, RepositoryVisibility Visibility);

/// <summary>Travels as a camelCase string ("public"), as Refit's default options write enums.</summary>
internal enum RepositoryVisibility
{
    Public,
    Private,
    Internal,
}

/// <summary>The request body of POST /repos/{owner}/{repo}/issues.</summary>
internal sealed record NewIssue(string Title, string? Body, IReadOnlyList<string> Labels);

/// <summary>An issue as the API returns it once created.</summary>
internal sealed record Issue(long Id, int Number, string Title, string? Body, string State, IReadOnlyList<string> Labels);

/// <summary>The body of a 4xx answer.</summary>
internal sealed record ApiError(string Message);

/// <summary>One entry of the activity feed (GET /events, JSON Lines).</summary>
internal sealed record Event(long Id, string Type, string Actor, string Repo);
