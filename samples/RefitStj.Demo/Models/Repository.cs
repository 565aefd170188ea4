namespace RefitStj.Demo.Models;

/// <summary>One entry of a GitHub-like repository listing.</summary>
internal sealed class Repository
{
    public long Id { get; init; }

    public string NodeId { get; init; } = "";

    public string Name { get; init; } = "";

    public string FullName { get; init; } = "";

    public bool Private { get; init; }

    public RepositoryOwner Owner { get; init; } = new();

    public string HtmlUrl { get; init; } = "";

    public string? Description { get; init; }

    public bool Fork { get; init; }

    public string Url { get; init; } = "";

    public string? Homepage { get; init; }

    public int Size { get; init; }

    public int StargazersCount { get; init; }

    public int WatchersCount { get; init; }

    public string? Language { get; init; }

    public bool HasIssues { get; init; }

    public int ForksCount { get; init; }

    public bool Archived { get; init; }

    public int OpenIssuesCount { get; init; }

    public IReadOnlyList<string> Topics { get; init; } = [];

    /// <summary>Travels as a camelCase string ("public"), as Refit's default options write enums.</summary>
    public RepositoryVisibility Visibility { get; init; }

    public string DefaultBranch { get; init; } = "";

    public DateTimeOffset CreatedAt { get; init; }

    public DateTimeOffset UpdatedAt { get; init; }

    public DateTimeOffset? PushedAt { get; init; }
}
