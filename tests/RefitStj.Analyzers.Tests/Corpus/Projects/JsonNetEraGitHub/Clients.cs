using System.Collections.Generic;
using System.Net.Http;
using System.Threading.Tasks;
using Refit;
using RefitStj;

namespace JsonNetEraGitHub;

public interface IGitHubApi
{
    [Get("/users/{login}")]
    Task<User> GetUser(string login);

    [Post("/user/repos")]
    Task CreateRepo([Body] NewRepo repo);

    [Get("/repositories")]
    Task<string> Search([Query] RepoFilter filter);
}

public interface IGistsApi
{
    [Get("/gists")]
    Task<List<Gist>> List();
}

public static class Clients
{
    public static IGitHubApi GitHub(HttpClient http) => RestService.For<IGitHubApi>(http, new RefitSettings(new StjContentSerializer()));

    public static IGistsApi Gists(HttpClient http) => RestService.For<IGistsApi>(http);
}
