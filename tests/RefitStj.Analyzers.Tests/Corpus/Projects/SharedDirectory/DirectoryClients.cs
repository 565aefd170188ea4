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

public static class DirectoryClients
{
    public static IUsersApi Users(HttpClient http) => RestService.For<IUsersApi>(http, Settings());

    public static ITeamsApi Teams(HttpClient http) => RestService.For<ITeamsApi>(http, Settings());

    public static IInvitesApi Invites(HttpClient http) => RestService.For<IInvitesApi>(http, Settings()); //! RSTJ001

    public static IInvitesApi InvitesOver(HttpClient http, Transport transport) => RestService.For<IInvitesApi>(http, new RefitSettings(Pick(transport))); //! RSTJ001

    public static void Register(IServiceCollection services, object configured)
    {
        // A serializer from a parameter: nothing is known about it.
        if (configured is StjContentSerializer serializer)
        {
            services.AddKeyedRefitClient<IInvitesApi>("invites", new RefitSettings(serializer));
        }
    }

    private static RefitSettings Settings() => new(new StjContentSerializer(DirectoryJsonContext.Default));

    private static IHttpContentSerializer Pick(Transport transport) => transport switch
    {
        Transport.Fast => new StjContentSerializer(DirectoryJsonContext.Default),
        _ => new SystemTextJsonContentSerializer(),
    };
}
