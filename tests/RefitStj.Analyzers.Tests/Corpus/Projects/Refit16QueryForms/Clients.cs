using System;
using System.Net.Http;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace Refit16QueryForms;

public static class Clients
{
    public static ICatalogApi Catalog(HttpClient http) => RestService.ForGenerated<ICatalogApi>(http, new RefitSettings(new StjContentSerializer(CatalogJsonContext.Default)));

    public static ILegacyApi Legacy(HttpClient http) => RestService.ForGenerated<ILegacyApi>(http, CatalogJsonContext.Default); //! RSTJ003

    public static ILegacyApi LegacyPlain(HttpClient http) => RestService.For<ILegacyApi>(http);

    // Settings actions as method groups: followed as lambdas are.
    public static void Register(IServiceCollection services)
    {
        services.AddRefitGeneratedClient<ICatalogApi>(CatalogJsonContext.Default, RefitStjSettings); //! RSTJ004
        services.AddRefitClient<ILegacyApi>(RefitsSettings);
    }

    private static RefitSettings RefitStjSettings(IServiceProvider provider) => new(new StjContentSerializer());

    private static RefitSettings RefitsSettings(IServiceProvider provider) => new(new SystemTextJsonContentSerializer());
}
