using Microsoft.AspNetCore.Http;
#region snippet: limits-http-client-factory
using Microsoft.Extensions.DependencyInjection;
#endregion
using Microsoft.Extensions.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Readme;

/// <summary>
/// The limit blocks of README and docs/limits.md (ReadmeTests compares each region with its block), each run against a
/// server that sends more than the 10 MiB they allow: the call fails at the limit with the handler's exception inside Refit's.
/// </summary>
public sealed class ReadmeLimitSnippets
{
    private const int Limit = 10 * 1024 * 1024;

    [Fact]
    public async Task Readme_Limit_On_An_HttpClient_For_RestService_Stops_A_Larger_Body()
    {
        await using var server = await LoopbackServer.StartAsync(ServeElevenMebibytesAsync);

        #region snippet: limits
        var http = new HttpClient(new ResponseSizeLimitHandler(10 * 1024 * 1024) { InnerHandler = new SocketsHttpHandler() })
        {
            BaseAddress = new Uri("https://api.github.com"),
        };
        var api = RestService.ForGenerated<IGitHubApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() });
        #endregion

        http.BaseAddress = server.BaseAddress;
        await AssertStoppedAtTheLimit(api);
    }

    [Fact]
    public async Task Readme_Limit_On_The_Context_Path_From_HttpMessageHandlerFactory_Stops_A_Larger_Body()
    {
        await using var server = await LoopbackServer.StartAsync(ServeElevenMebibytesAsync);

        // README's context states Refit 17's names only: on the 16 line RSTJ002 asks for 16's enums and numbers, as the docs say.
#pragma warning disable RSTJ002
        #region snippet: refit-16-limits
        // on Refit 16: warning RSTJ002 at the ForGenerated call, as above
        var settings = new RefitSettings(new StjContentSerializer(AppJsonContext.Default))
        {
            HttpMessageHandlerFactory = () => new ResponseSizeLimitHandler(10 * 1024 * 1024) { InnerHandler = new SocketsHttpHandler() },
        };
        var api = RestService.ForGenerated<IGitHubApi>("https://api.github.com", settings);
        #endregion

        // The snippet's own client (on the address it shows); the same settings then meet the server.
        Assert.Equal(new Uri("https://api.github.com"), Assert.IsType<HttpClient>(api.GetType().GetProperty("Client")?.GetValue(api)).BaseAddress);
        await AssertStoppedAtTheLimit(RestService.ForGenerated<IGitHubApi>(server.BaseAddress.ToString(), settings));
#pragma warning restore RSTJ002
    }

    [Fact]
    public async Task Readme_Limit_With_HttpClientFactory_Stops_A_Larger_Body()
    {
        await using var server = await LoopbackServer.StartAsync(ServeElevenMebibytesAsync);

        #region snippet: limits-http-client-factory
        var services = new ServiceCollection();
        services.AddRefitGeneratedClient<IGitHubApi>(new RefitSettings { ContentSerializer = new StjContentSerializer() })
                .ConfigureHttpClient(client => client.BaseAddress = new Uri("https://api.github.com"))
                .AddHttpMessageHandler(() => new ResponseSizeLimitHandler(10 * 1024 * 1024));
        #endregion

        // Registered after the snippet, so it runs after the snippet's own address.
        services.ConfigureAll<HttpClientFactoryOptions>(options => options.HttpClientActions.Add(client => client.BaseAddress = server.BaseAddress));
        await using var provider = services.BuildServiceProvider();
        await AssertStoppedAtTheLimit(provider.GetRequiredService<IGitHubApi>());
    }

    private static async Task AssertStoppedAtTheLimit(IGitHubApi api)
    {
        var ex = await Assert.ThrowsAsync<ApiException>(() => api.GetRepository("reactiveui", "refit"));

        var tooLarge = Assert.IsType<ResponseTooLargeException>(ex.InnerException);
        Assert.Equal((Limit, Limit + 1L), (tooLarge.Limit, tooLarge.Size));
    }

    /// <summary>Eleven chunks of a mebibyte of blanks, chunked; stops when the client goes.</summary>
    private static async Task ServeElevenMebibytesAsync(HttpContext context)
    {
        var blanks = new byte[1024 * 1024];
        blanks.AsSpan().Fill((byte)' ');
        context.Response.ContentType = "application/json";
        try
        {
            for (var i = 0; i < 11; i++)
            {
                await context.Response.Body.WriteAsync(blanks, context.RequestAborted);
            }
        }
        catch (Exception ex) when (ex is IOException or OperationCanceledException)
        {
            // The client went away.
        }
    }
}
