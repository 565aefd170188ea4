using System.Net;
using System.Text;
using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Http;
using Refit;
using RefitStj.Tests.Support;
using RefitStj.Tests.Suites.Readme;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Refit.HttpClientFactory with RefitStj, end to end: the client is resolved from a ServiceProvider and sends through
/// the factory's pipeline to a stub primary handler. Refit 14-16 offer AddRefitGeneratedClient with RefitSettings or a
/// settings factory; AddRefitClient goes through Refit's reflection request builder, a separate package from Refit 14 on.
/// </summary>
public sealed class HttpClientFactoryTests
{
    [Fact]
    public async Task Readme_Registration_Resolves_A_Client_With_StjContentSerializer_That_Calls_The_Base_Address()
    {
        var stub = Clients.Answering(HttpStatusCode.OK, """{"name":"refit","stars":9000}""");
        var services = ReadmeHttpClientFactorySnippet.Register();
        // Registered after the snippet, so it replaces the primary handler Refit configured for the client's name.
        services.ConfigureAll<HttpClientFactoryOptions>(options =>
            options.HttpMessageHandlerBuilderActions.Add(handlers => handlers.PrimaryHandler = stub));
        await using var provider = services.BuildServiceProvider();

        var repo = await provider.GetRequiredService<IGitHubApi>().GetRepository("reactiveui", "refit");

        Assert.Equal(new Repo("refit", 9000), repo);
        Assert.Equal(new Uri("https://api.github.com/repos/reactiveui/refit"), Assert.Single(stub.Requests).Uri);
        Assert.IsType<StjContentSerializer>(provider.GetRequiredService<SettingsFor<IGitHubApi>>().Settings?.ContentSerializer);
    }

    [Fact]
    public async Task AddRefitGeneratedClient_With_Settings_Sends_The_Body_StjContentSerializer_Writes_And_Reads_The_Reply()
    {
        var stub = Clients.Answering(HttpStatusCode.Created, """{"name":"Ada","age":37}""");
        var services = new ServiceCollection();
        services.AddRefitGeneratedClient<IPeopleApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
            .ConfigureHttpClient(client => client.BaseAddress = new Uri("http://localhost"))
            .ConfigurePrimaryHttpMessageHandler(() => stub);
        await using var provider = services.BuildServiceProvider();

        var created = await provider.GetRequiredService<IPeopleApi>().CreatePerson(Clients.Ada);

        Assert.Equal(new Person("Ada", 37), created);
        var sent = Assert.Single(stub.Requests);
        Assert.Equal(Clients.JsonUtf8, sent.ContentType);
        Assert.Equal(Encoding.UTF8.GetBytes(Clients.PersonJson), sent.Body);
    }

    [Fact]
    public async Task AddRefitGeneratedClient_With_A_Settings_Factory_Uses_The_Serializer_From_The_Container()
    {
        var stub = Clients.Answering(HttpStatusCode.Created, """{"NAME":"Ada","AGE":37}""");
        var services = new ServiceCollection();
        var options = StjContentSerializer.CreateDefaultOptions();
        options.PropertyNamingPolicy = JsonNamingPolicy.KebabCaseUpper; // a body no default serializer writes
        services.AddSingleton(new StjContentSerializer(options));
        services.AddRefitGeneratedClient<IPeopleApi>(
                provider => new RefitSettings { ContentSerializer = provider.GetRequiredService<StjContentSerializer>() })
            .ConfigureHttpClient(client => client.BaseAddress = new Uri("http://localhost"))
            .ConfigurePrimaryHttpMessageHandler(() => stub);
        await using var provider = services.BuildServiceProvider();

        var created = await provider.GetRequiredService<IPeopleApi>().CreatePerson(Clients.Ada);

        Assert.Equal(new Person("Ada", 37), created);
        Assert.Equal("""{"NAME":"Ada","AGE":36}"""u8.ToArray(), Assert.Single(stub.Requests).Body);
    }

#if !REFIT17
    // Refit 17 removed AddRefitClient from Refit.HttpClientFactory (it lives in the unserved .Reflection package).
    [Fact]
    public void AddRefitClient_Resolving_The_Client_Throws_NotSupportedException_Naming_Refit_Reflection()
    {
        var services = new ServiceCollection();
        services.AddRefitClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"));
        using var provider = services.BuildServiceProvider();

        var exception = Assert.Throws<NotSupportedException>(() => provider.GetRequiredService<IGitHubApi>());

        // The same text on every served Refit (14.0.1 to 16.4.0); README quotes its start.
        Assert.StartsWith(
            "This interface needs the reflection request builder, which is not installed. Add a reference to the Refit.Reflection NuGet package",
            exception.Message,
            StringComparison.Ordinal);
    }
#endif
}
