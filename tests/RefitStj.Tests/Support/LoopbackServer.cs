using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace RefitStj.Tests.Support;

/// <summary>A Kestrel server on 127.0.0.1 with an ephemeral port, started and stopped by a test.</summary>
internal sealed class LoopbackServer : IAsyncDisposable
{
    /// <summary>The smallest flow-control window HTTP/2 allows, and Kestrel's lowest setting.</summary>
    public const int MinimumHttp2Window = 65_535;

    private readonly WebApplication _app;
    private readonly bool _http2;

    private LoopbackServer(WebApplication app, Uri baseAddress, bool http2)
    {
        _app = app;
        _http2 = http2;
        BaseAddress = baseAddress;
    }

    public Uri BaseAddress { get; }

    public static Task<LoopbackServer> StartAsync(RequestDelegate handler) => StartAsync(handler, ServerProtocol.Http1);

    /// <summary>
    /// Starts a server that speaks only <paramref name="protocol"/>: HTTP/2 is over plain text (h2c, prior knowledge),
    /// and clients from <see cref="CreateClient"/> then send HTTP/2 only.
    /// </summary>
    public static async Task<LoopbackServer> StartAsync(RequestDelegate handler, ServerProtocol protocol)
    {
        var http2 = protocol != ServerProtocol.Http1;
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = http2 ? HttpProtocols.Http2 : HttpProtocols.Http1);
            if (protocol == ServerProtocol.Http2MinimumWindows)
            {
                kestrel.Limits.Http2.InitialStreamWindowSize = MinimumHttp2Window;
                kestrel.Limits.Http2.InitialConnectionWindowSize = MinimumHttp2Window;
            }
        });
        var app = builder.Build();
        app.Run(handler);
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new LoopbackServer(app, new Uri(address + "/"), http2);
    }

    /// <summary>A client for this server; for HTTP/2 every request is sent as HTTP/2, however it was built (Refit builds its own).</summary>
    public HttpClient CreateClient(HttpMessageHandler? handler = null)
    {
        handler ??= new SocketsHttpHandler();
        return new(_http2 ? new Http2Only(handler) : handler) { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>For a handler pipeline built elsewhere (HttpClientFactory): sends every request in this server's protocol.</summary>
    public DelegatingHandler CreateProtocolHandler() => _http2 ? new Http2Only() : new PassThrough();

    public async ValueTask DisposeAsync()
    {
        using var stopping = new CancellationTokenSource(TimeSpan.FromSeconds(5));
        await _app.StopAsync(stopping.Token);
        await _app.DisposeAsync();
    }
}

/// <summary>HttpClient uses each request's own version, so the version is set here rather than as the client's default.</summary>
file sealed class Http2Only : DelegatingHandler
{
    public Http2Only()
    {
    }

    public Http2Only(HttpMessageHandler inner)
        : base(inner)
    {
    }

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        request.Version = HttpVersion.Version20;
        request.VersionPolicy = HttpVersionPolicy.RequestVersionExact;
        return base.SendAsync(request, cancellationToken);
    }
}

file sealed class PassThrough : DelegatingHandler;

public enum ServerProtocol
{
    Http1,

    /// <summary>HTTP/2 with Kestrel's default receive windows.</summary>
    Http2,

    /// <summary>HTTP/2 with the protocol's smallest windows: a client can send only 65,535 bytes of a body before the server reads.</summary>
    Http2MinimumWindows,
}
