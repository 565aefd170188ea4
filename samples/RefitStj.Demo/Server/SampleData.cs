namespace RefitStj.Demo.Server;

/// <summary>Deterministic GitHub-like data for the embedded API.</summary>
internal static class SampleData
{
    public const int RepositoryCount = 12;

    public const int EventCount = 5;

    private static readonly string[] s_repositoryNames = ["runtime", "aspnetcore", "roslyn", "sdk", "efcore", "maui"];

    private static readonly string?[] s_languages = ["C#", "C#", "C#", "PowerShell", "F#", null];

    private static readonly string[] s_eventTypes = ["PushEvent", "IssuesEvent", "PullRequestEvent", "WatchEvent", "ForkEvent"];

    public static Organization Organization(string login) => new(
        login,
        $"{login} (demo organization)",
        "Home of the open-source platform for building cloud, web, desktop and mobile apps.",
        RepositoryCount,
        new DateTimeOffset(2014, 11, 12, 18, 30, 0, TimeSpan.Zero));

    public static List<Repository> Repositories(string owner)
    {
        var list = new List<Repository>(RepositoryCount);
        for (var i = 0; i < RepositoryCount; i++)
        {
            var visibility = i % 5 == 4 ? RepositoryVisibility.Internal : RepositoryVisibility.Public;
            var language = s_languages[i % s_languages.Length];
            list.Add(new Repository(100_000 + i, $"{owner}/{RepositoryName(i)}", language, 20_000 - (i * 1_311), visibility));
        }

        return list;
    }

    public static Issue CreatedIssue(long id, NewIssue issue) => new(id, (int)(id % 100_000), issue.Title, issue.Body, "open", issue.Labels);

    public static Event Event(int index) =>
        new(40_000_000_000 + index, s_eventTypes[index % s_eventTypes.Length], $"contributor{index % 3}", $"dotnet/{RepositoryName(index)}");

    private static string RepositoryName(int index)
    {
        var name = s_repositoryNames[index % s_repositoryNames.Length];
        return index < s_repositoryNames.Length ? name : $"{name}-{(index / s_repositoryNames.Length) + 1}";
    }
}
