// README's first example as it was: camelCase named, nothing else stated. Refit-like, so the rest of Refit's format is proposed.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace ReadmeCamelCase;

public enum Visibility { Public, Private }

public sealed record Repo(int Id, string Name, Visibility Visibility);

public interface IGitHubApi
{
    [Get("/repos/{owner}/{name}")]
    Task<Repo> GetRepository(string owner, string name);

    [Get("/users/{owner}/repos")]
    Task<List<Repo>> ListRepositories(string owner);
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Repo))]
[JsonSerializable(typeof(List<Repo>))]
internal sealed partial class AppJsonContext : JsonSerializerContext
{
}

public static class Program
{
    public static IGitHubApi Create(HttpClient http)
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) };
        return RestService.For<IGitHubApi>(http, settings); //! RSTJ002
    }
}
