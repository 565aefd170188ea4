using System.Text.Json.Serialization;
using Refit;

namespace RefitStj.AotTest;

/// <summary>The client under test; Refit's source generator implements it, so no reflection builds its requests.</summary>
public interface IRepoApi
{
    [Get("/repos/{id}")]
    Task<Repo?> GetRepo(int id);

    [Get("/repos")]
    Task<List<Repo>?> GetRepos();

    /// <summary>Default body mode: Refit wraps the serializer's content in its own push content (sent chunked).</summary>
    [Post("/issues")]
    Task<Issue?> CreateIssue([Body] NewIssue issue);

    /// <summary>Buffered body: the serializer's content is sent as it is, with its Content-Length.</summary>
    [Post("/issues")]
    Task<Issue?> CreateIssueBuffered([Body(buffered: true)] NewIssue issue);

    /// <summary>Form body: Refit names each field through the serializer's GetFieldNameForProperty.</summary>
    [Post("/login")]
    Task Login([Body(BodySerializationMethod.UrlEncoded)] LoginForm form);

    /// <summary>Streamed: Refit picks the format from the response's media type and calls DeserializeStreamAsync.</summary>
    [Get("/feed/{format}")]
    IAsyncEnumerable<Repo> Feed(string format);

    [Get("/missing")]
    Task<Repo?> Missing();

    /// <summary>A response that does not fit <see cref="Repo"/>: <c>kind</c> picks how (ErrorChecks).</summary>
    [Get("/bad/{kind}")]
    Task<List<Repo>?> GetBad(string kind);

    [Get("/bad-feed/{format}")]
    IAsyncEnumerable<Repo> BadFeed(string format);

    /// <summary>Answers 400 with application/problem+json: Refit reads it as ProblemDetails through the serializer.</summary>
    [Post("/validate")]
    Task Validate();
}

public enum Visibility
{
    Public,
    Private,
}

public sealed record Repo(int Id, string Name, Visibility Visibility);

public sealed record NewIssue(string Title, string[] Labels);

public sealed record Issue(int Number, string Title);

public sealed record ApiError(string Message, int Code);

/// <summary>A form body: a JSON name the serializer reports, an alias Refit honours first, and a plain property.</summary>
public sealed class LoginForm
{
    [JsonPropertyName("user_name")]
    public string? UserName { get; set; }

    [AliasAs("pass")]
    [JsonPropertyName("ignored_by_refit")]
    public string? Password { get; set; }

    public int Attempts { get; set; }
}

/// <summary>Declared on no context: using it must fail with a message that names the fix.</summary>
public sealed record Unlisted(int Value);

/// <summary>Every type a body or response uses; <see cref="LoginForm"/> is not here, since form bodies are not JSON.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = false,
    NumberHandling = JsonNumberHandling.Strict,
    UseStringEnumConverter = true)]
[JsonSerializable(typeof(Repo))]
[JsonSerializable(typeof(List<Repo>))]
[JsonSerializable(typeof(NewIssue))]
[JsonSerializable(typeof(Issue))]
[JsonSerializable(typeof(ApiError))]
internal sealed partial class AppJsonContext : JsonSerializerContext;

/// <summary>
/// First in the resolver chain (<c>JsonTypeInfoResolver.Combine</c>): it answers for <see cref="ApiError"/> and every other
/// type falls through to <see cref="AppJsonContext"/>. It sets no options: the serializer's options apply, not its own.
/// </summary>
[JsonSerializable(typeof(ApiError))]
internal sealed partial class ErrorJsonContext : JsonSerializerContext;
