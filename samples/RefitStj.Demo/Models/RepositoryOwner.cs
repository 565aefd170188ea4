namespace RefitStj.Demo.Models;

/// <summary>The owner embedded in each repository entry.</summary>
internal sealed class RepositoryOwner
{
    public string Login { get; init; } = "";

    public long Id { get; init; }

    public string AvatarUrl { get; init; } = "";

    public string HtmlUrl { get; init; } = "";

    public string Type { get; init; } = "";

    public bool SiteAdmin { get; init; }
}
