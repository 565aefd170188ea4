// The helpers in one file, their calls in another: each call that closes a helper over an interface is that interface's client.
using System;
using System.Net.Http;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace GenericClientHelper;

public static class Billing
{
    private static readonly RefitSettings Settings = new(new StjContentSerializer(BillingJsonContext.Default));

    public static T ForBilling<T>(HttpClient http) => RestService.For<T>(http, Settings);

    public static IHttpClientBuilder AddBilling<T>(this IServiceCollection services)
        where T : class => services.AddRefitClient<T>(Settings);

    // Which creation a call reaches turns on its type argument, which the analysis does not follow: its calls are not reported.
    public static T Either<T>(HttpClient http) => typeof(T) == typeof(IRefundsApi)
        ? RestService.For<T>(http, new RefitSettings(new StjContentSerializer()))
        : RestService.For<T>(http, Settings);
}
