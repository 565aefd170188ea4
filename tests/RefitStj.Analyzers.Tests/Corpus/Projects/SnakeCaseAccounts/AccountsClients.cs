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

public static class AccountsClients
{
    // README: share one serializer across clients.
    private static readonly StjContentSerializer s_serializer = new StjContentSerializer(AccountsJsonContext.Default);

    public static IAccountsApi Create(HttpClient http) => RestService.For<IAccountsApi>(http, new RefitSettings(s_serializer)); //! RSTJ001

    public static IAccountsApi CreateInline(string url) => RestService.For<IAccountsApi>(url, new RefitSettings { ContentSerializer = new StjContentSerializer(AccountsJsonContext.Default) }); //! RSTJ001
}
