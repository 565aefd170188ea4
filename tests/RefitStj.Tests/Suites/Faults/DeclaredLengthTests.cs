using System.Net;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>
/// The rule for a declared length, through real Refit clients over Kestrel (and a raw socket where Kestrel will not
/// frame a response so), side by side with Refit's own serializer, with and without <see cref="ResponseSizeLimitHandler"/>:
/// a Content-Length that is not the body's framing never fails a good response, an empty body that reaches the
/// serializer is a JsonException as with Refit's serializer, and a body that ends short of a framing length the transport
/// does not check (HTTP/2) is a cut transfer with the handler, buffered or streamed. Each case writes what it saw, so a
/// run on any version shows the table docs/limits.md gives.
/// </summary>
public sealed class DeclaredLengthTests(ITestOutputHelper output)
{
    private const long Limit = 16 * 1024 * 1024;

    public static TheoryData<ServerProtocol, SerializerKind, bool> Shapes()
    {
        var data = new TheoryData<ServerProtocol, SerializerKind, bool>();
        foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
        {
            foreach (var serializer in new[] { SerializerKind.RefitStj, SerializerKind.Refits })
            {
                data.Add(protocol, serializer, true);
                data.Add(protocol, serializer, false);
            }
        }

        return data;
    }

    public static TheoryData<SerializerKind, bool> Serializers() => new()
    {
        { SerializerKind.RefitStj, true },
        { SerializerKind.RefitStj, false },
        { SerializerKind.Refits, true },
        { SerializerKind.Refits, false },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Decoder_That_Keeps_The_Encoded_Length_Reads_Shorter_And_Longer_Bodies_Whole(ServerProtocol protocol, SerializerKind serializer, bool limit)
    {
        await using var server = await LoopbackServer.StartAsync(DeclaredLengthServer.ServeAsync, protocol);
        var api = Client(server.CreateClient(Pipeline(limit, inner => new KeepLengthGzipHandler(inner), decompress: false)), serializer);

        // 22 bytes decoded from 42 declared, and 64 KB decoded from a few KB declared.
        Assert.Equal("value(1)", Report("(a) gzip, length kept, decoded shorter", protocol, serializer, limit, await Outcome(() => api.Get("gzip-small"))));
        Assert.Equal($"value({FaultyServer.ArrayLength})", Report("(a) gzip, length kept, decoded longer", protocol, serializer, limit, await Outcome(() => api.Get("gzip-large"))));
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Chunked_Body_With_A_Stale_Content_Length_Reads_As_Its_Chunks(SerializerKind serializer, bool limit)
    {
        await using var server = new RawChunkedServer();
        var api = Client(new HttpClient(Pipeline(limit)) { BaseAddress = server.BaseAddress }, serializer);

        Assert.Equal("value(1)", Report("(b) chunked, stale Content-Length 500", ServerProtocol.Http1, serializer, limit, await Outcome(() => api.Get("any"))));
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Head_With_A_Content_Length_Is_An_Empty_Body_Not_A_Cut_Transfer(ServerProtocol protocol, SerializerKind serializer, bool limit)
    {
        await using var server = await LoopbackServer.StartAsync(DeclaredLengthServer.ServeAsync, protocol);
        var api = Client(server.CreateClient(Pipeline(limit)), serializer);

        using var head = await api.Head();
        using var huge = await api.HeadHuge();

        Assert.Equal("JsonException", Report("(c) HEAD, Content-Length 100", protocol, serializer, limit, Name(head.Error?.InnerException) ?? "value"));
        Assert.Equal("JsonException", Report("(c) HEAD, Content-Length 1 GiB (over the limit)", protocol, serializer, limit, Name(huge.Error?.InnerException) ?? "value"));
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Compressed_Body_Cut_After_Its_First_Bytes_Is_An_Error_Not_A_Null(ServerProtocol protocol, SerializerKind serializer, bool limit)
    {
        await using var server = await LoopbackServer.StartAsync(DeclaredLengthServer.ServeAsync, protocol);
        var api = Client(server.CreateClient(Pipeline(limit)), serializer);

        Assert.NotEmpty(DeclaredLengthServer.CutBrotli);
        Assert.Equal("JsonException", Report("(e) gzip cut to 10 bytes, decodes to nothing", protocol, serializer, limit, await Outcome(() => api.Get("gzip-cut"))));
        Assert.Equal("JsonException", Report($"(e) Brotli cut to {DeclaredLengthServer.CutBrotli.Length} bytes, decodes to nothing", protocol, serializer, limit, await Outcome(() => api.Get("br-cut"))));
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task An_Http2_Body_A_Handler_Below_Ended_Early_Reads_As_With_Refits_Serializer(SerializerKind serializer, bool limit)
    {
        await using var server = await LoopbackServer.StartAsync(DeclaredLengthServer.ServeAsync, ServerProtocol.Http2);
        var lines = Client(server.CreateClient(Pipeline(limit, inner => new EndEarlyHandler(inner, DeclaredLengthServer.LinesKept))), serializer);
        var array = Client(server.CreateClient(Pipeline(limit, inner => new EndEarlyHandler(inner, 1_000))), serializer);

        // Two whole lines of five, then a clean end of a content the transport did not frame: a handler below may serve a
        // good body shorter than the length it kept, so only the transport's own content is checked (BodyFramingTests).
        var streamed = Report("(f) h2 JSON Lines ended after 2 of 5 lines", ServerProtocol.Http2, serializer, limit, await StreamOutcome(lines.Stream("lines")));
        var buffered = Report("(f) h2 array ended after 1,000 bytes, Task<T>", ServerProtocol.Http2, serializer, limit, await Outcome(() => array.Get("array")));

        Assert.Equal("2 items, then end", streamed);
        Assert.Equal("JsonException", buffered);
    }

    internal static HttpMessageHandler Pipeline(bool limit, Func<HttpMessageHandler, HttpMessageHandler>? below = null, bool decompress = true)
    {
        HttpMessageHandler handler = new SocketsHttpHandler { AutomaticDecompression = decompress ? DecompressionMethods.All : DecompressionMethods.None };
        handler = below?.Invoke(handler) ?? handler;
        return limit ? new ResponseSizeLimitHandler(Limit, handler) : handler;
    }

    internal static async Task<string> Outcome<T>(Func<Task<T?>> call)
        where T : class
    {
        try
        {
            var value = await call();
            return value is System.Collections.ICollection items ? $"value({items.Count})" : value is null ? "null" : "value";
        }
        catch (ApiException ex)
        {
            return Name(ex.InnerException) ?? "ApiException";
        }
    }

    internal static async Task<string> StreamOutcome<T>(IAsyncEnumerable<T> items)
    {
        var count = 0;
        try
        {
            await foreach (var item in items)
            {
                count++;
            }

            return $"{count} items, then end";
        }
        catch (Exception ex)
        {
            return $"{count} items, then {Name(ex)}";
        }
    }

    internal static string? Name(Exception? ex) => ex switch
    {
        null => null,
        HttpIOException io => $"HttpIOException({io.HttpRequestError})",

        // HttpContent's copy wrapper around a failed buffering, which Refit 16.4 rethrows (16.3 reads again instead).
        HttpRequestException { InnerException: IOException inner } when ex.GetType() == typeof(HttpRequestException) => Name(inner),
        JsonException => "JsonException",
        _ => ex.GetType().Name,
    };

    private static IDeclaredLengthApi Client(HttpClient http, SerializerKind serializer) =>
        RestService.ForGenerated<IDeclaredLengthApi>(http, new RefitSettings
        {
            ContentSerializer = serializer == SerializerKind.RefitStj ? new StjContentSerializer() : RefitControl.Serializer(),
        });

    private string Report(string @case, ServerProtocol protocol, SerializerKind serializer, bool limit, string outcome)
    {
        output.WriteLine($"| {@case} | {protocol} | {serializer} | {(limit ? "handler" : "no handler")} | {outcome} |");
        return outcome;
    }
}
