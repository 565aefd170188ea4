using RefitStj.Demo.Models;

namespace RefitStj.Demo.Server;

/// <summary>Deterministic GitHub-like data for the embedded API.</summary>
internal static class SampleData
{
    public const int RepositoryCount = 50;

    public const int EventCount = 20;

    private static readonly DateTimeOffset s_created = new(2014, 11, 12, 18, 30, 0, TimeSpan.Zero);

    private static readonly string[] s_repositoryNames =
    [
        "runtime", "aspnetcore", "roslyn", "sdk", "efcore", "maui", "orleans", "machinelearning", "docs", "msbuild",
    ];

    private static readonly string?[] s_languages = ["C#", "C#", "C#", "PowerShell", "F#", "TypeScript", "C++", null];

    private static readonly string[] s_eventTypes = ["PushEvent", "IssuesEvent", "PullRequestEvent", "WatchEvent", "ForkEvent"];

    public static Organization Organization(string login) => new()
    {
        Login = login,
        Id = 9141961,
        NodeId = "MDEyOk9yZ2FuaXphdGlvbjkxNDE5NjE=",
        Url = $"https://api.example.test/orgs/{login}",
        ReposUrl = $"https://api.example.test/orgs/{login}/repos",
        EventsUrl = $"https://api.example.test/orgs/{login}/events",
        HooksUrl = $"https://api.example.test/orgs/{login}/hooks",
        IssuesUrl = $"https://api.example.test/orgs/{login}/issues",
        MembersUrl = $"https://api.example.test/orgs/{login}/members{{/member}}",
        PublicMembersUrl = $"https://api.example.test/orgs/{login}/public_members{{/member}}",
        AvatarUrl = "https://avatars.example.test/u/9141961?v=4",
        Description = "Home of the open-source platform for building cloud, web, desktop and mobile apps.",
        Name = $"{login} (demo organization)",
        Company = null,
        Blog = "https://example.test/blog",
        Location = "Redmond, WA",
        Email = $"hello@{login}.example.test",
        TwitterUsername = login,
        IsVerified = true,
        HasOrganizationProjects = true,
        HasRepositoryProjects = true,
        PublicRepos = RepositoryCount,
        PublicGists = 0,
        Followers = 31_337,
        Following = 0,
        HtmlUrl = $"https://example.test/{login}",
        CreatedAt = s_created,
        UpdatedAt = s_created.AddYears(10),
        Type = "Organization",
    };

    public static List<Repository> Repositories(string owner)
    {
        var list = new List<Repository>(RepositoryCount);
        for (var i = 0; i < RepositoryCount; i++)
        {
            list.Add(Repository(owner, i));
        }

        return list;
    }

    public static Event Event(int index) => new()
    {
        Id = 40_000_000_000 + index,
        Type = s_eventTypes[index % s_eventTypes.Length],
        Actor = $"contributor{index % 7}",
        Repo = $"dotnet/{RepositoryName(index)}",
        CreatedAt = s_created.AddYears(10).AddMinutes(index),
    };

    public static Issue CreatedIssue(long id, string owner, string repo, NewIssue issue)
    {
        var number = (int)(id % 100_000);
        return new Issue
        {
            Id = id,
            Number = number,
            Title = issue.Title,
            Body = issue.Body,
            State = "open",
            Labels = issue.Labels,
            HtmlUrl = $"https://example.test/{owner}/{repo}/issues/{number}",
            CreatedAt = s_created.AddYears(11),
        };
    }

    private static Repository Repository(string owner, int index)
    {
        var name = RepositoryName(index);
        return new Repository
        {
            Id = 100_000 + index,
            NodeId = $"MDEwOlJlcG9zaXRvcnk{100_000 + index}",
            Name = name,
            FullName = $"{owner}/{name}",
            Private = false,
            Owner = new RepositoryOwner
            {
                Login = owner,
                Id = 9141961,
                AvatarUrl = "https://avatars.example.test/u/9141961?v=4",
                HtmlUrl = $"https://example.test/{owner}",
                Type = "Organization",
            },
            HtmlUrl = $"https://example.test/{owner}/{name}",
            Description = $"The {name} repository: sources, issues and discussions for {name}.",
            Fork = false,
            Url = $"https://api.example.test/repos/{owner}/{name}",
            Homepage = index % 3 == 0 ? $"https://example.test/{name}" : null,
            Size = 1_000 + (index * 997 % 250_000),
            StargazersCount = 20_000 - (index * 311),
            WatchersCount = 900 - (index * 13),
            Language = s_languages[index % s_languages.Length],
            HasIssues = true,
            ForksCount = 4_000 - (index * 61),
            Archived = index % 17 == 16,
            OpenIssuesCount = 5_000 - (index * 97),
            Topics = ["dotnet", "csharp", name],
            Visibility = RepositoryVisibility.Public,
            DefaultBranch = "main",
            CreatedAt = s_created.AddDays(index),
            UpdatedAt = s_created.AddYears(10).AddDays(index),
            PushedAt = s_created.AddYears(10).AddDays(index).AddHours(3),
        };
    }

    private static string RepositoryName(int index)
    {
        var name = s_repositoryNames[index % s_repositoryNames.Length];
        var round = index / s_repositoryNames.Length;
        return round == 0 ? name : $"{name}-{round + 1}";
    }
}
