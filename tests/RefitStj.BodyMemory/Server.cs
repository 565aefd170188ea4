using System.Buffers;
using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace RefitStj.BodyMemory;

/// <summary>
/// Kestrel on 127.0.0.1, in the measuring process (the clients run in processes of their own): one HTTP/1.1 and one h2c
/// endpoint. <c>POST /upload/{bytes}</c> compares the body, as it arrives, with the bytes <see cref="Body.Create"/> gives
/// for that size, and answers 204, or 400 when it differs.
/// </summary>
internal sealed class Server : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly ConcurrentDictionary<long, byte[]> _expected = new();

    private Server(WebApplication app) => _app = app;

    public string Http1 { get; private set; } = "";

    public string Http2 { get; private set; } = "";

    public static async Task<Server> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http1);
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
            kestrel.Limits.MaxRequestBodySize = null;
        });
        var app = builder.Build();
        var server = new Server(app);
        app.Run(server.ReceiveAsync);
        await app.StartAsync().ConfigureAwait(false);
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.ToArray();
        server.Http1 = addresses[0];
        server.Http2 = addresses[1];
        return server;
    }

    /// <summary>Makes the bytes for <paramref name="bytes"/> ready before a client sends them.</summary>
    public void Expect(long bytes) => _expected.GetOrAdd(bytes, size => Body.Create(size).Json);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync().ConfigureAwait(false);
        await _app.DisposeAsync().ConfigureAwait(false);
    }

    // Drains the body through one pooled buffer, comparing it with the expected bytes as it arrives.
    private async Task ReceiveAsync(HttpContext context)
    {
        var expected = _expected[long.Parse(context.Request.Path.Value!.Split('/')[^1], System.Globalization.CultureInfo.InvariantCulture)];
        var buffer = ArrayPool<byte>.Shared.Rent(64 * 1024);
        var offset = 0;
        var same = true;
        try
        {
            int read;
            while ((read = await context.Request.Body.ReadAsync(buffer, context.RequestAborted).ConfigureAwait(false)) > 0)
            {
                same = same && offset + read <= expected.Length && buffer.AsSpan(0, read).SequenceEqual(expected.AsSpan(offset, read));
                offset += read;
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }

        var lengthRight = context.Request.ContentLength is null || context.Request.ContentLength == expected.Length;
        context.Response.StatusCode = same && offset == expected.Length && lengthRight ? StatusCodes.Status204NoContent : StatusCodes.Status400BadRequest;
        context.Response.Headers["X-Length"] = context.Request.ContentLength is null ? "chunked" : "exact";
    }
}
