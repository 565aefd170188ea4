using System.Globalization;

namespace RefitStj.Benchmarks.Data;

/// <summary>
/// Builds every payload from a fixed seed, so each run (and each process BenchmarkDotNet starts) serializes exactly the
/// same bytes. Sizes are tuned to the targets in the class comments.
/// </summary>
public static partial class DataGenerator
{
    /// <summary>How many repositories the listing payload holds (~170 KB of JSON).</summary>
    public const int RepositoryCount = 150;

    private static readonly string[] s_words =
    [
        "community", "garden", "river", "cleanup", "volunteer", "shelter", "food", "drive", "library", "weekend",
        "neighbourhood", "school", "supplies", "winter", "coats", "park", "trail", "repair", "meals", "seniors",
        "tutoring", "reading", "blood", "donation", "animal", "rescue", "beach", "recycling", "tree", "planting",
        "festival", "support", "families", "local", "help", "morning", "evening", "support", "training", "safety",
        "kitchen", "warehouse", "sorting", "delivery", "clinic", "youth", "sports", "coaching", "music", "art",
    ];

    private static readonly string[] s_cities = ["Springfield", "Riverton", "Lakeside", "Fairview", "Greenville", "Maplewood", "Oakridge", "Brookfield"];
    private static readonly string[] s_states = ["WA", "OR", "CA", "NY", "TX", "IL", "MA", "CO"];
    private static readonly string[] s_timeZones = ["Pacific Standard Time", "Eastern Standard Time", "Central European Standard Time", "UTC"];
    private static readonly string[] s_languages = ["C#", "TypeScript", "Go", "Rust", "Python", "F#"];
    private static readonly TimeSpan[] s_offsets = [TimeSpan.Zero, TimeSpan.FromHours(-8), TimeSpan.FromHours(-5), TimeSpan.FromHours(1), new TimeSpan(5, 30, 0)];

    /// <summary>Creates the payload of type <paramref name="type"/>: one of the model types or <c>List&lt;Repository&gt;</c>.</summary>
    public static object Create(Type type) =>
        type == typeof(LoginViewModel) ? CreateLogin(new Source(1))
        : type == typeof(Location) ? CreateLocation(new Source(2))
        : type == typeof(IndexViewModel) ? CreateIndex(new Source(3))
        : type == typeof(MyEventsListerViewModel) ? CreateMyEvents(new Source(4))
        : type == typeof(CollectionsOfPrimitives) ? CreateCollections(new Source(5))
        : type == typeof(Organization) ? CreateOrganization(new Source(6))
        : type == typeof(List<Repository>) ? CreateRepositories(new Source(7), RepositoryCount)
        : throw new ArgumentException($"No generator for {type}.", nameof(type));

    /// <summary>A listing of <paramref name="count"/> repositories (~1.1 KB of JSON each), the same for the same count.</summary>
    public static List<Repository> CreateRepositories(int count) => CreateRepositories(new Source(7), count);

    private static LoginViewModel CreateLogin(Source source) => new()
    {
        Email = "coordinator@example.org",
        Password = source.Token(16),
        RememberMe = true,
    };

    private static Location CreateLocation(Source source) => new()
    {
        Id = source.Next(1_000, 100_000),
        Address1 = $"{source.Next(1, 9999)} {source.Pick(s_words)} {source.Pick(s_words)} Avenue",
        Address2 = $"Suite {source.Next(100, 999)}",
        City = source.Pick(s_cities),
        State = source.Pick(s_states),
        PostalCode = source.Next(10_000, 99_999).ToString(CultureInfo.InvariantCulture),
        Name = "Food Bank",
        PhoneNumber = $"+1 555-{source.Next(100, 999)}-{source.Next(1000, 9999)}",
        Country = "USA",
    };

    private static IndexViewModel CreateIndex(Source source)
    {
        var model = new IndexViewModel
        {
            IsNewAccount = false,
            FeaturedCampaign = new CampaignSummary
            {
                Id = source.Next(1, 1000),
                Title = source.Title(4),
                Description = source.Sentences(380),
                ImageUrl = source.ImageUrl(),
                OrganizationName = source.Title(3),
                Headline = source.Sentences(90),
            },
        };

        for (var i = 0; i < 20; i++)
        {
            var start = source.Date();
            model.ActiveOrUpcomingEvents.Add(new EventSummary
            {
                Id = source.Next(1, 100_000),
                ImageUrl = source.ImageUrl(),
                Name = source.Title(3),
                CampaignName = source.Title(4),
                CampaignManagedOrganizerName = source.Title(2),
                Description = source.Sentences(240),
                StartDate = start,
                EndDate = start.AddHours(source.Next(2, 72)),
            });
        }

        return model;
    }

    private static MyEventsListerViewModel CreateMyEvents(Source source)
    {
        var model = new MyEventsListerViewModel();
        foreach (var list in new[] { model.CurrentEvents, model.FutureEvents, model.PastEvents })
        {
            for (var i = 0; i < 20; i++)
            {
                var start = source.Date();
                var item = new MyEventsListerItem
                {
                    EventId = source.Next(1, 100_000),
                    EventName = source.Title(6),
                    StartDate = start,
                    EndDate = start.AddHours(source.Next(2, 48)),
                    TimeZone = source.Pick(s_timeZones),
                    Campaign = source.Title(6),
                    Organization = source.Title(4),
                    VolunteerCount = source.Next(1, 500),
                };

                for (var t = 0; t < 5; t++)
                {
                    var taskStart = start.AddMinutes(source.Next(0, 600));
                    item.Tasks.Add(new MyEventsListerItemTask
                    {
                        Name = source.Title(6),
                        StartDate = taskStart,
                        EndDate = t == 4 ? null : taskStart.AddMinutes(source.Next(30, 240)),
                    });
                }

                list.Add(item);
            }
        }

        return model;
    }

    private static CollectionsOfPrimitives CreateCollections(Source source)
    {
        var model = new CollectionsOfPrimitives { ByteArray = source.Bytes(1024) };
        model.DateTimeArray = new DateTime[500];
        for (var i = 0; i < model.DateTimeArray.Length; i++)
        {
            model.DateTimeArray[i] = source.Date().UtcDateTime;
        }

        for (var i = 0; i < 700; i++)
        {
            model.Dictionary.Add($"key{i:D4}", source.Double() * 10_000);
        }

        for (var i = 0; i < 1400; i++)
        {
            model.ListOfInt.Add(source.Next(int.MinValue, int.MaxValue));
        }

        return model;
    }

    private static Organization CreateOrganization(Source source)
    {
        const string Login = "contoso";
        const string Api = "https://api.example.com/orgs/" + Login;
        return new Organization
        {
            Login = Login,
            Id = source.Next(1_000_000, 90_000_000),
            NodeId = source.Token(16),
            Url = Api,
            ReposUrl = Api + "/repos",
            EventsUrl = Api + "/events",
            HooksUrl = Api + "/hooks",
            IssuesUrl = Api + "/issues",
            MembersUrl = Api + "/members{/member}",
            PublicMembersUrl = Api + "/public_members{/member}",
            AvatarUrl = $"https://avatars.example.com/u/{source.Next(1_000_000, 9_000_000)}?v=4",
            Description = "Open source projects, samples and tools from Contoso.",
            Name = "Contoso Open Source",
            Company = null,
            Blog = "https://opensource.contoso.example",
            Location = "Redmond, WA",
            Email = "opensource@contoso.example",
            TwitterUsername = null,
            IsVerified = true,
            HasOrganizationProjects = true,
            HasRepositoryProjects = true,
            PublicRepos = source.Next(100, 5000),
            PublicGists = 0,
            Followers = source.Next(1000, 50_000),
            Following = 0,
            HtmlUrl = "https://github.example.com/" + Login,
            CreatedAt = source.Date(),
            UpdatedAt = source.Date(),
            Type = "Organization",
        };
    }

    private static List<Repository> CreateRepositories(Source source, int count)
    {
        var owner = new RepositoryOwner
        {
            Login = "contoso",
            Id = 40_123_456,
            NodeId = source.Token(16),
            AvatarUrl = "https://avatars.example.com/u/40123456?v=4",
            Url = "https://api.example.com/users/contoso",
            HtmlUrl = "https://github.example.com/contoso",
            Type = "Organization",
            SiteAdmin = false,
        };

        var repositories = new List<Repository>(count);
        for (var i = 0; i < count; i++)
        {
            var name = $"{source.Pick(s_words)}-{source.Pick(s_words)}-{i}";
            var created = source.Date();
            var hasLicense = source.Next(0, 4) != 0;
            repositories.Add(new Repository
            {
                Id = source.Next(10_000_000, 900_000_000),
                NodeId = source.Token(20),
                Name = name,
                FullName = owner.Login + "/" + name,
                Private = false,
                Owner = owner,
                HtmlUrl = "https://github.example.com/" + owner.Login + "/" + name,
                Description = source.Next(0, 5) == 0 ? null : source.Sentences(30),
                Fork = source.Next(0, 6) == 0,
                Url = "https://api.example.com/repos/" + owner.Login + "/" + name,
                Homepage = source.Next(0, 3) == 0 ? "https://" + name + ".example.org" : null,
                Size = source.Next(10, 500_000),
                StargazersCount = source.Next(0, 20_000),
                WatchersCount = source.Next(0, 20_000),
                Language = source.Next(0, 8) == 0 ? null : source.Pick(s_languages),
                HasIssues = true,
                HasProjects = source.Next(0, 2) == 0,
                HasWiki = source.Next(0, 2) == 0,
                HasPages = source.Next(0, 4) == 0,
                ForksCount = source.Next(0, 5000),
                Archived = source.Next(0, 10) == 0,
                Disabled = false,
                OpenIssuesCount = source.Next(0, 800),
                License = hasLicense
                    ? new RepositoryLicense { Key = "mit", Name = "MIT License", SpdxId = "MIT", Url = null, NodeId = "MDc6TGljZW5zZTEz" }
                    : null,
                Topics = [.. Enumerable.Range(0, source.Next(0, 5)).Select(_ => source.Pick(s_words))],
                Visibility = RepositoryVisibility.Public,
                DefaultBranch = "main",
                CreatedAt = created,
                UpdatedAt = created.AddDays(source.Next(1, 900)),
                PushedAt = created.AddDays(source.Next(1, 900)),
                // As an anonymous caller sees it: only the first repositories carry the caller's permissions.
                Permissions = i < 10 ? new RepositoryPermissions { Admin = false, Maintain = false, Push = true, Triage = true, Pull = true } : null,
            });
        }

        return repositories;
    }
}
