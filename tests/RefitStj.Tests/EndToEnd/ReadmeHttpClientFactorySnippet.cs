using Microsoft.Extensions.DependencyInjection;
using Refit;

namespace RefitStj.Tests.EndToEnd;

// README's Refit.HttpClientFactory block, kept word for word (ReadmeTests fails when the two differ), compiled on every
// served Refit and run by HttpClientFactoryTests. IGitHubApi is the Quick start's, declared in ReadmeRefitSnippets.cs.
internal static class ReadmeHttpClientFactorySnippet
{
    public static void Register(IServiceCollection services)
    {
        // AddRefitGeneratedClient, not AddRefitClient: from Refit 14 on, AddRefitClient needs the Refit.Reflection package.
        services.AddRefitGeneratedClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"));
    }
}
