using System.Text.Json.Serialization;

namespace RefitStj.Benchmarks.Data;

// Shapes of a typical REST API: a GitHub-like organization (~1 KB of JSON) and repository list entries
// (~1.1 KB each; a page of 150 is ~170 KB). Names travel camelCase, like every other payload here.

/// <summary>An organization profile (~1 KB of JSON).</summary>
public class Organization
{
    public string Login { get; set; } = "";

    public long Id { get; set; }

    public string NodeId { get; set; } = "";

    public string Url { get; set; } = "";

    public string ReposUrl { get; set; } = "";

    public string EventsUrl { get; set; } = "";

    public string HooksUrl { get; set; } = "";

    public string IssuesUrl { get; set; } = "";

    public string MembersUrl { get; set; } = "";

    public string PublicMembersUrl { get; set; } = "";

    public string AvatarUrl { get; set; } = "";

    public string? Description { get; set; }

    public string? Name { get; set; }

    public string? Company { get; set; }

    public string? Blog { get; set; }

    public string? Location { get; set; }

    public string? Email { get; set; }

    public string? TwitterUsername { get; set; }

    public bool IsVerified { get; set; }

    public bool HasOrganizationProjects { get; set; }

    public bool HasRepositoryProjects { get; set; }

    public int PublicRepos { get; set; }

    public int PublicGists { get; set; }

    public int Followers { get; set; }

    public int Following { get; set; }

    public string HtmlUrl { get; set; } = "";

    public DateTimeOffset CreatedAt { get; set; }

    public DateTimeOffset UpdatedAt { get; set; }

    public string Type { get; set; } = "";
}

/// <summary>One entry of a repository listing (~1.1 KB of JSON).</summary>
public class Repository
{
    public long Id { get; set; }

    public string NodeId { get; set; } = "";

    public string Name { get; set; } = "";

    public string FullName { get; set; } = "";

    public bool Private { get; set; }

    public RepositoryOwner Owner { get; set; } = new();

    public string HtmlUrl { get; set; } = "";

    public string? Description { get; set; }

    public bool Fork { get; set; }

    public string Url { get; set; } = "";

    public string? Homepage { get; set; }

    public int Size { get; set; }

    public int StargazersCount { get; set; }

    public int WatchersCount { get; set; }

    public string? Language { get; set; }

    public bool HasIssues { get; set; }

    public bool HasProjects { get; set; }

    public bool HasWiki { get; set; }

    public bool HasPages { get; set; }

    public int ForksCount { get; set; }

    public bool Archived { get; set; }

    public bool Disabled { get; set; }

    public int OpenIssuesCount { get; set; }

    public RepositoryLicense? License { get; set; }

    public List<string> Topics { get; set; } = [];

    public RepositoryVisibility Visibility { get; set; }

    public string DefaultBranch { get; set; } = "";

    public DateTimeOffset CreatedAt { get; set; }

    public DateTimeOffset UpdatedAt { get; set; }

    public DateTimeOffset? PushedAt { get; set; }

    public RepositoryPermissions? Permissions { get; set; }
}

public class RepositoryOwner
{
    public string Login { get; set; } = "";

    public long Id { get; set; }

    public string NodeId { get; set; } = "";

    public string AvatarUrl { get; set; } = "";

    public string Url { get; set; } = "";

    public string HtmlUrl { get; set; } = "";

    public string Type { get; set; } = "";

    public bool SiteAdmin { get; set; }
}

public class RepositoryLicense
{
    public string Key { get; set; } = "";

    public string Name { get; set; } = "";

    public string? SpdxId { get; set; }

    public string? Url { get; set; }

    public string NodeId { get; set; } = "";
}

public class RepositoryPermissions
{
    public bool Admin { get; set; }

    public bool Maintain { get; set; }

    public bool Push { get; set; }

    public bool Triage { get; set; }

    public bool Pull { get; set; }
}

/// <summary>
/// Travels as a camelCase string with the Refit defaults ("public"). The member
/// names are spelled out so a source-generated context's string enum converter writes the same bytes.
/// </summary>
public enum RepositoryVisibility
{
#if NET9_0_OR_GREATER
    [JsonStringEnumMemberName("public")]
#endif
    Public,
#if NET9_0_OR_GREATER
    [JsonStringEnumMemberName("private")]
#endif
    Private,
#if NET9_0_OR_GREATER
    [JsonStringEnumMemberName("internal")]
#endif
    Internal,
}
