namespace RefitStj.Demo.Models;

/// <summary>A GitHub-like organization profile (about 1 KB of JSON).</summary>
internal sealed class Organization
{
    public string Login { get; init; } = "";

    public long Id { get; init; }

    public string NodeId { get; init; } = "";

    public string Url { get; init; } = "";

    public string ReposUrl { get; init; } = "";

    public string EventsUrl { get; init; } = "";

    public string HooksUrl { get; init; } = "";

    public string IssuesUrl { get; init; } = "";

    public string MembersUrl { get; init; } = "";

    public string PublicMembersUrl { get; init; } = "";

    public string AvatarUrl { get; init; } = "";

    public string? Description { get; init; }

    public string? Name { get; init; }

    public string? Company { get; init; }

    public string? Blog { get; init; }

    public string? Location { get; init; }

    public string? Email { get; init; }

    public string? TwitterUsername { get; init; }

    public bool IsVerified { get; init; }

    public bool HasOrganizationProjects { get; init; }

    public bool HasRepositoryProjects { get; init; }

    public int PublicRepos { get; init; }

    public int PublicGists { get; init; }

    public int Followers { get; init; }

    public int Following { get; init; }

    public string HtmlUrl { get; init; } = "";

    public DateTimeOffset CreatedAt { get; init; }

    public DateTimeOffset UpdatedAt { get; init; }

    public string Type { get; init; } = "";
}
