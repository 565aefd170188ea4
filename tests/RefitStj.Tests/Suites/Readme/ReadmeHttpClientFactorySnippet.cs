#region snippet: http-client-factory
using Microsoft.Extensions.DependencyInjection;
#endregion
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

// README's Refit.HttpClientFactory block (ReadmeTests compares the regions with it), compiled on every served Refit and
// run by HttpClientFactoryTests. IGitHubApi is the Quick start's, declared in ReadmeRefitSnippets.cs.
internal static class ReadmeHttpClientFactorySnippet
{
    public static ServiceCollection Register()
    {
        #region snippet: http-client-factory
        var services = new ServiceCollection();
        services.AddRefitGeneratedClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"));
        #endregion

        return services;
    }
}
