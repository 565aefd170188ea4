using Refit;

namespace RefitStj.AotTest;

/// <summary>The checks made through Refit's generated client.</summary>
internal static class ClientChecks
{
    private const string JsonUtf8 = "application/json; charset=utf-8";

    // System.Text.Json's default encoder escapes non-ASCII, as Refit's built-in serializer's output does.
    private const string IssueJson = """{"title":"Native","labels":["aot","trim \u2713"]}""";

    /// <summary>Runs every check through the client <paramref name="create"/> makes over the stub.</summary>
    public static async Task RunAsync(Checks checks, string name, Func<HttpClient, IRepoApi> create)
    {
        var stub = new ApiStub();
        using var http = new HttpClient(stub) { BaseAddress = new Uri("http://api.test") };
        var api = create(http);
        var issue = new NewIssue("Native", ["aot", "trim ✓"]);

        var repo = await api.GetRepo(7);
        checks.Equal($"{name}: GET object", new Repo(7, "refitstj", Visibility.Public), repo);

        var repos = await api.GetRepos();
        checks.Sequence($"{name}: GET list", ApiStub.Feed, repos);

        var created = await api.CreateIssue(issue);
        checks.Equal($"{name}: POST body: response", new Issue(42, "Native"), created);
        checks.Body($"{name}: POST body: request", stub.Received[^1], JsonUtf8, IssueJson, requireLength: false);

        created = await api.CreateIssueBuffered(issue);
        checks.Equal($"{name}: POST buffered body: response", new Issue(42, "Native"), created);
        checks.Body($"{name}: POST buffered body: request", stub.Received[^1], JsonUtf8, IssueJson, requireLength: true);

        // user_name: the serializer's GetFieldNameForProperty ([JsonPropertyName]); pass: Refit's [AliasAs] outranks it.
        await api.Login(new LoginForm { UserName = "ada lovelace", Password = "s&cret=1", Attempts = 3 });
        checks.Body($"{name}: POST form-url-encoded body: request", stub.Received[^1], "application/x-www-form-urlencoded",
            "user_name=ada+lovelace&pass=s%26cret%3D1&Attempts=3", requireLength: true);

        foreach (var (format, path) in new[] { ("JSON array", "array"), ("JSON Lines", "lines"), ("server-sent events", "events") })
        {
            var items = new List<Repo>();
            await foreach (var item in api.Feed(path))
            {
                items.Add(item);
            }

            checks.Sequence($"{name}: streamed IAsyncEnumerable ({format})", ApiStub.Feed, items);
        }

        try
        {
            await api.Missing();
            checks.That($"{name}: error body", false, "no ApiException");
        }
        catch (ApiException ex)
        {
            var expected = new ApiError("no such repo", 404);
            checks.Equal($"{name}: error body, read synchronously (GetContentAs)", expected, ex.GetContentAs<ApiError>());
            checks.Equal($"{name}: error body, read asynchronously (GetContentAsAsync)", expected, await ex.GetContentAsAsync<ApiError>());
        }
    }
}
