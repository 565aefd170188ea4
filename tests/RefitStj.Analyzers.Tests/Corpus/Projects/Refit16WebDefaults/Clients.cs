using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace Refit16WebDefaults;

public static class Clients
{
    public static IHelpdeskApi OnRefitStj(HttpClient http) => RestService.For<IHelpdeskApi>(http, new RefitSettings(new StjContentSerializer(HelpdeskJsonContext.Default))); //! RSTJ001

    public static IHelpdeskApi OnRefit(HttpClient http) => RestService.ForGenerated<IHelpdeskApi>(http, HelpdeskJsonContext.Default); //! RSTJ003

    public static RefitSettings Settings() => RefitSettings.ForJsonContext(HelpdeskJsonContext.Default); //! RSTJ003

    public static void Register(IServiceCollection services) => services.AddRefitGeneratedClient<IHelpdeskApi>(HelpdeskJsonContext.Default); //! RSTJ003
}
