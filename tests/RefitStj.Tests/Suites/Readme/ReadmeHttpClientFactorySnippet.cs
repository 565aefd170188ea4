using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

// README's Refit.HttpClientFactory block (ReadmeTests compares the region with it), compiled on every served Refit and
// run by HttpClientFactoryTests. IGitHubApi is the Quick start's, declared in ReadmeRefitSnippets.cs.
internal static class ReadmeHttpClientFactorySnippet
{
    public static void Register(IServiceCollection services)
    {
        #region snippet: http-client-factory
        services.AddRefitGeneratedClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"));
        #endregion
    }
}
