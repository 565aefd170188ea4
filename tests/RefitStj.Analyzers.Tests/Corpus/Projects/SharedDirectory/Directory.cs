// Three interfaces sharing one context through a helper method, and a serializer picked by a switch expression.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace SharedDirectory;

public sealed record User(int Id, string Email);

public sealed record Team(int Id, string Name, List<User> Members);

public sealed record Invite(string Email, int TeamId);

public interface IUsersApi
{
    [Get("/users/{id}")]
    Task<User> Get(int id);
}

public interface ITeamsApi
{
    [Get("/teams/{id}")]
    Task<Team> Get(int id);
}

public interface IInvitesApi
{
    [Post("/invites")]
    Task Send([Body] Invite invite);
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true, NumberHandling = JsonNumberHandling.AllowReadingFromString)]
[JsonSerializable(typeof(User))]
[JsonSerializable(typeof(Team))]
internal sealed partial class DirectoryJsonContext : JsonSerializerContext
{
}

public enum Transport { Fast, Compatible }
