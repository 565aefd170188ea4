using System.IO.Compression;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

public interface IDeclaredLengthApi
{
    [Get("/{path}")]
    Task<List<Person>?> Get(string path);

    [Head("/head")]
    Task<ApiResponse<List<Person>>> Head();

    [Head("/head-huge")]
    Task<ApiResponse<List<Person>>> HeadHuge();

    [Get("/{path}")]
    IAsyncEnumerable<Person?> Stream(string path);
}

/// <summary>
/// Responses whose Content-Length is not what a naive reader takes it for: a decoded body under its encoded length, a
/// compressed stream cut after its first bytes that decodes to nothing, a HEAD, a JSON Lines or array body (for a handler
/// that ends it early). <see cref="RawChunkedServer"/> serves what Kestrel will not: chunked framing with a stale length.
/// </summary>
internal static class DeclaredLengthServer
{
    public static readonly byte[] Small = """[{"name":"a","age":1}]"""u8.ToArray();

    public static readonly byte[] SmallGzip = Gzip(Small);

    public static readonly byte[] LargeGzip = Gzip(FaultyServer.Array);

    /// <summary>JSON Lines of five people; <see cref="LinesKept"/> bytes hold the first two.</summary>
    public static readonly byte[] Lines = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 5).Select(i => $$"""{"name":"person {{i}}","age":{{i}}}""" + "\n")));

    public static readonly int LinesKept = Encoding.UTF8.GetByteCount(string.Concat(Enumerable.Range(0, 2).Select(i => $$"""{"name":"person {{i}}","age":{{i}}}""" + "\n")));

    /// <summary>The gzip and Brotli prefixes of the array that .NET decodes to nothing, without an error.</summary>
    public static readonly byte[] CutGzip = LargeGzip[..10];

    public static readonly byte[] CutBrotli = EmptyDecodingPrefix(Brotli(FaultyServer.Array), s => new BrotliStream(s, CompressionMode.Decompress));

    public static async Task ServeAsync(HttpContext context)
    {
        var response = context.Response;
        response.ContentType = "application/json; charset=utf-8";
        switch (context.Request.Path.Value)
        {
            case "/gzip-small":
                await WriteAsync(response, SmallGzip, "gzip");
                break;
            case "/gzip-large":
                await WriteAsync(response, LargeGzip, "gzip");
                break;
            case "/gzip-cut":
                await WriteAsync(response, CutGzip, "gzip");
                break;
            case "/br-cut":
                await WriteAsync(response, CutBrotli, "br");
                break;
            case "/head":
                response.ContentLength = 100;
                break;
            case "/head-huge":
                response.ContentLength = 1L << 30;
                break;
            case "/lines":
                response.ContentType = "application/x-ndjson";
                await WriteAsync(response, Lines, encoding: null);
                break;
            case "/array":
                await WriteAsync(response, FaultyServer.Array, encoding: null);
                break;
            default:
                response.StatusCode = 404;
                break;
        }
    }

    private static async Task WriteAsync(HttpResponse response, byte[] body, string? encoding)
    {
        if (encoding is not null)
        {
            response.Headers.ContentEncoding = encoding;
        }

        response.ContentLength = body.Length;
        await response.Body.WriteAsync(body);
    }

    private static byte[] Gzip(byte[] bytes)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Optimal))
        {
            gzip.Write(bytes);
        }

        return output.ToArray();
    }

    private static byte[] Brotli(byte[] bytes)
    {
        using var output = new MemoryStream();
        using (var brotli = new BrotliStream(output, CompressionLevel.Optimal))
        {
            brotli.Write(bytes);
        }

        return output.ToArray();
    }

    // The longest prefix (of at least 4 bytes) that decodes to nothing without an error: what a cut there reads as.
    private static byte[] EmptyDecodingPrefix(byte[] compressed, Func<Stream, Stream> decoder)
    {
        var found = 0;
        for (var length = 4; length < Math.Min(compressed.Length, 200); length++)
        {
            try
            {
                using var decoded = decoder(new MemoryStream(compressed, 0, length));
                if (decoded.Read(new byte[1024]) == 0)
                {
                    found = length;
                }
            }
            catch (InvalidDataException)
            {
            }
        }

        return compressed[..found];
    }
}

/// <summary>
/// An HTTP/1.1 server on a raw socket whose one answer has both <c>Transfer-Encoding: chunked</c> and a stale
/// <c>Content-Length</c> (RFC 9112, section 6.3: the chunked framing decides); Kestrel will not send that.
/// </summary>
internal sealed class RawChunkedServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _loop;

    public RawChunkedServer()
    {
        _listener.Start();
        BaseAddress = new Uri($"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/");
        _loop = AcceptAsync();
    }

    public Uri BaseAddress { get; }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        await _loop.ContinueWith(_ => { }, TaskScheduler.Default);
        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            using var socket = await _listener.AcceptSocketAsync(_stop.Token);
            await using var stream = new NetworkStream(socket, ownsSocket: false);
            var request = new byte[4096];
            var read = 0;
            while (!Encoding.ASCII.GetString(request, 0, read).Contains("\r\n\r\n", StringComparison.Ordinal))
            {
                var n = await stream.ReadAsync(request.AsMemory(read), _stop.Token);
                if (n == 0)
                {
                    break;
                }

                read += n;
            }

            var body = DeclaredLengthServer.Small;
            var head = "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nTransfer-Encoding: chunked\r\nContent-Length: 500\r\nConnection: close\r\n\r\n";
            await stream.WriteAsync(Encoding.ASCII.GetBytes(head + body.Length.ToString("x", System.Globalization.CultureInfo.InvariantCulture) + "\r\n"), _stop.Token);
            await stream.WriteAsync(body, _stop.Token);
            await stream.WriteAsync("\r\n0\r\n\r\n"u8.ToArray(), _stop.Token);
            socket.Shutdown(SocketShutdown.Both);
        }
    }
}

/// <summary>A handler that decodes gzip itself and keeps every header, the encoded Content-Length and Content-Encoding included.</summary>
internal sealed class KeepLengthGzipHandler(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        if (response.Content.Headers.ContentEncoding.Contains("gzip"))
        {
            var decoded = new StreamContent(new GZipStream(await response.Content.ReadAsStreamAsync(cancellationToken), CompressionMode.Decompress));
            foreach (var header in response.Content.Headers)
            {
                decoded.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            response.Content = decoded;
        }

        return response;
    }
}

/// <summary>
/// A handler that ends every body cleanly after <c>keep</c> bytes, its Content-Length kept: what an HTTP/2 stream that
/// ends early looks like to the client, since SocketsHttpHandler does not check an HTTP/2 response's Content-Length.
/// </summary>
internal sealed class EndEarlyHandler(HttpMessageHandler inner, int keep) : DelegatingHandler(inner)
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken);
        var ended = new StreamContent(new TrickleStream(body[..Math.Min(keep, body.Length)], chunk: 64));
        foreach (var header in response.Content.Headers)
        {
            ended.Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        response.Content = ended;
        return response;
    }
}
