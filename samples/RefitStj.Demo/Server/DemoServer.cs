using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace RefitStj.Demo.Server;

/// <summary>The embedded GitHub-like API: Kestrel on 127.0.0.1 with an ephemeral port, logging off.</summary>
internal sealed class DemoServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private DemoServer(WebApplication app, Uri baseAddress)
    {
        _app = app;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    /// <summary>Starts the server; it writes JSON with Refit's default options (camelCase, enums as strings).</summary>
    public static async Task<DemoServer> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        var app = builder.Build();
        new GitHubEndpoints(StjContentSerializer.CreateDefaultOptions()).Map(app);
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.GetRequiredFeature<IServerAddressesFeature>().Addresses.Single();
        return new DemoServer(app, new Uri(address + "/"));
    }

    public async ValueTask DisposeAsync()
    {
        using var stopping = new CancellationTokenSource(TimeSpan.FromSeconds(5));
        await _app.StopAsync(stopping.Token);
        await _app.DisposeAsync();
    }
}
