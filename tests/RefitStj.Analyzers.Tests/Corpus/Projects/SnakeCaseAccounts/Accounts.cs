// A client for an API that speaks snake_case with numeric enums: the context states that format on purpose.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace SnakeCaseAccounts;

public enum AccountStatus { Active = 1, PendingReview = 2, Closed = 3 }

public sealed record Account(int Id, string DisplayName, AccountStatus Status);

public sealed record NewAccount(string DisplayName, AccountStatus Status);

public interface IAccountsApi
{
    [Get("/accounts/{id}")]
    Task<Account> Get(int id);

    [Post("/accounts")]
    Task<Account> Create([Body] NewAccount account);
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower)]
[JsonSerializable(typeof(Account))]
internal sealed partial class AccountsJsonContext : JsonSerializerContext
{
}
