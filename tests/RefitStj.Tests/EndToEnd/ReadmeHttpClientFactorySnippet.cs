// README's Refit.HttpClientFactory block, kept word for word so ReadmeTests ties it to README. No build of this
// repository compiles it: AddRefitClient is Refit.HttpClientFactory's, and the repository references neither that
// package nor Microsoft.Extensions.Http (whose IHttpClientBuilder AddRefitClient returns), so nothing defines
// REFIT_HTTPCLIENTFACTORY. The block's compilable part, RefitSettings with StjContentSerializer, is the Quick start's,
// compiled and run in ReadmeRefitSnippets.cs. To compile this file, reference Refit.HttpClientFactory and define the
// symbol.
#if REFIT_HTTPCLIENTFACTORY
using Microsoft.Extensions.DependencyInjection;
using Refit;

namespace RefitStj.Tests.EndToEnd;

internal static class ReadmeHttpClientFactorySnippet
{
    public static void Register(IServiceCollection services)
    {
        services.AddRefitClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"));
    }
}
#endif
