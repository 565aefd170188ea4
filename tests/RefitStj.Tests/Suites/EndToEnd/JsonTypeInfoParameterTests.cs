using System.Collections.Concurrent;
using System.Net;
using System.Net.ServerSentEvents;
using System.Text;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Suites.RequestBodyLifetime;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Refit 16 generated clients with <c>JsonTypeInfo&lt;T&gt;</c> body and reply parameters over Kestrel on loopback,
/// HTTP/1.1 and HTTP/2: every request body and read value is the one Refit's own serializer sends and reads with the
/// same metadata, in every body mode, and the body is RefitStj's (a Content-Length wherever Refit sends it as is).
/// </summary>
public sealed class JsonTypeInfoParameterTests
{
    private const string GadgetJson = """{"display_name":"Lamp","item_count":2,"kind":"ExtraLarge"}""";
    private const string OtherJson = """{"display_name":"Desk","item_count":1,"kind":"Small"}""";

    private const string Events =
        "event: created\nid: 1\ndata: " + GadgetJson + "\n\n" +
        ": keep-alive\n\n" +
        "event: updated\nid: 2\ndata: " + OtherJson + "\n\n";

    private static readonly Gadget s_lamp = new("Lamp", 2, GadgetKind.ExtraLarge);
    private static readonly Gadget s_desk = new("Desk", 1, GadgetKind.Small);

    // Refit's body modes, as RefitClientBodyTests.Configure sets them.
    private static readonly string[] s_modes = ["default", "settings buffered", "[Body(buffered: true)]", "serialization buffered", "serialization streamed"];

    public static TheoryData<string, ServerProtocol> ModesAndProtocols()
    {
        var data = new TheoryData<string, ServerProtocol>();
        foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
        {
            foreach (var mode in s_modes)
            {
                data.Add(mode, protocol);
            }
        }

        return data;
    }

    public static TheoryData<ServerProtocol> Protocols => [ServerProtocol.Http1, ServerProtocol.Http2];

    [Theory]
    [MemberData(nameof(ModesAndProtocols))]
    public async Task Body_And_Reply_Are_What_Refits_Own_Serializer_Sends_And_Reads(string mode, ServerProtocol protocol)
    {
        await using var server = await GadgetServer.StartAsync(protocol);
        var ours = server.Client(new StjContentSerializer(), mode);
        var refits = server.Client(RefitControl.Serializer(), mode);

        var ourReply = await Post(ours, mode);
        var ourRequest = server.TakeOne();
        var refitReply = await Post(refits, mode);
        var refitRequest = server.TakeOne();

        Assert.Equal(GadgetJson, Encoding.UTF8.GetString(ourRequest.Body));
        Assert.Equal(refitRequest.Body, ourRequest.Body);
        Assert.Equal("application/json; charset=utf-8", ourRequest.ContentType);
        Assert.Equal([s_lamp, s_desk], ourReply);
        Assert.Equal(refitReply, ourReply);
        Assert.Equal(protocol == ServerProtocol.Http2 ? "HTTP/2" : "HTTP/1.1", ourRequest.Protocol);

        // Sent as RefitStj made it wherever Refit does not wrap it: the pooled body's exact length, the streamed one's none.
        Assert.Equal(ExpectedLength(mode), ourRequest.ContentLength);
    }

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task ApiResponse_Reads_The_Reply_As_Refits_Own_Serializer_Does(ServerProtocol protocol)
    {
        await using var server = await GadgetServer.StartAsync(protocol);
        var ours = server.Client(new StjContentSerializer(), "default");
        var refits = server.Client(RefitControl.Serializer(), "default");

        using var ourResponse = await ours.PostForResponse(s_lamp, GadgetContext.Default.Gadget, GadgetContext.Default.ListGadget);
        using var refitResponse = await refits.PostForResponse(s_lamp, GadgetContext.Default.Gadget, GadgetContext.Default.ListGadget);

        Assert.Null(ourResponse.Error);
        Assert.Equal([s_lamp, s_desk], ourResponse.Content);
        Assert.Equal(refitResponse.Content, ourResponse.Content);
        Assert.Equal(server.TakeOne().Body, server.TakeOne().Body);
    }

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task Streamed_Replies_Read_As_Refits_Own_Serializer_Reads_Them(ServerProtocol protocol)
    {
        await using var server = await GadgetServer.StartAsync(protocol);
        var ours = server.Client(new StjContentSerializer(), "default");
        var refits = server.Client(RefitControl.Serializer(), "default");
        var info = GadgetContext.Default.Gadget;

        Assert.Equal([s_lamp, s_desk], await All(ours.Array(info)));
        Assert.Equal(await All(refits.Array(info)), await All(ours.Array(info)));
        Assert.Equal(await All(refits.Lines(info)), await All(ours.Lines(info)));
        Assert.Equal(await All(refits.Events(info)), await All(ours.Events(info)));
        Assert.Equal([s_lamp, s_desk], await All(ours.Lines(info)));
        Assert.Equal([s_lamp, s_desk], await All(ours.Events(info)));

        // Refit's own reads each event's data as an SseItem whose type is lost; RefitStj keeps the event's framing.
        var refitItems = await All(refits.EventItems(GadgetContext.Default.SseItemGadget));
        var ourItems = await All(ours.EventItems(GadgetContext.Default.SseItemGadget));
        Assert.Equal(refitItems.Select(i => i.Data), ourItems.Select(i => i.Data));
        Assert.Equal([("created", "1"), ("updated", "2")], ourItems.Select(i => (i.EventType, i.EventId)));
    }

    [Theory]
    [MemberData(nameof(Protocols))]
    public async Task Server_Sent_Events_End_At_Done_With_Values_And_Items(ServerProtocol protocol)
    {
        await using var server = await GadgetServer.StartAsync(protocol);
        var ours = server.Client(new StjContentSerializer(), "default");

        Assert.Equal([s_lamp, s_desk], await All(ours.EventsUntilDone(GadgetContext.Default.Gadget)));
        Assert.Equal(["created", "updated"], (await All(ours.EventItemsUntilDone(GadgetContext.Default.SseItemGadget))).Select(i => i.EventType));
    }

    [Fact]
    public async Task ResponseSizeLimitHandler_Still_Stops_A_Reply_Read_With_A_Type_Info()
    {
        await using var server = await GadgetServer.StartAsync(ServerProtocol.Http1);
        var http = server.Http(new ResponseSizeLimitHandler(20, new SocketsHttpHandler()));
        var api = RestService.ForGenerated<IGadgetTypeInfoApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() });

        var ex = await Assert.ThrowsAnyAsync<Exception>(() => api.Post(s_lamp, GadgetContext.Default.Gadget, GadgetContext.Default.ListGadget));
        var streamed = await Assert.ThrowsAnyAsync<Exception>(() => All(api.Lines(GadgetContext.Default.Gadget)));

        Assert.IsType<ResponseTooLargeException>(ex as ResponseTooLargeException ?? ex.InnerException);
        Assert.IsType<ResponseTooLargeException>(streamed as ResponseTooLargeException ?? streamed.InnerException);
    }

    private static Task<List<Gadget>?> Post(IGadgetTypeInfoApi api, string mode) =>
        mode == "[Body(buffered: true)]"
            ? api.PostBuffered(s_lamp, GadgetContext.Default.Gadget, GadgetContext.Default.ListGadget)
            : api.Post(s_lamp, GadgetContext.Default.Gadget, GadgetContext.Default.ListGadget);

    private static long? ExpectedLength(string mode) => mode switch
    {
        "serialization streamed" or "default" => null,
        _ => Encoding.UTF8.GetByteCount(GadgetJson),
    };

    private static async Task<List<T>> All<T>(IAsyncEnumerable<T> items)
    {
        var all = new List<T>();
        await foreach (var item in items.WithCancellation(new CancellationTokenSource(TimeSpan.FromSeconds(30)).Token))
        {
            all.Add(item);
        }

        return all;
    }

    private sealed record Received(byte[] Body, long? ContentLength, string? ContentType, string Protocol);

    /// <summary>Kestrel answering the gadget routes and keeping every request body it receives.</summary>
    private sealed class GadgetServer : IAsyncDisposable
    {
        private readonly ConcurrentQueue<Received> _received = new();
        private LoopbackServer? _server;

        public static async Task<GadgetServer> StartAsync(ServerProtocol protocol)
        {
            var server = new GadgetServer();
            server._server = await LoopbackServer.StartAsync(server.Answer, protocol);
            return server;
        }

        public HttpClient Http(HttpMessageHandler? handler = null) => _server!.CreateClient(handler);

        public IGadgetTypeInfoApi Client(IHttpContentSerializer serializer, string mode)
        {
            var settings = new RefitSettings { ContentSerializer = serializer };
            RefitClientBodyTests.Configure(settings, mode);
            return RestService.ForGenerated<IGadgetTypeInfoApi>(Http(), settings);
        }

        public Received TakeOne() => _received.TryDequeue(out var received) ? received : throw new InvalidOperationException("No request arrived.");

        public ValueTask DisposeAsync() => _server!.DisposeAsync();

        private async Task Answer(HttpContext http)
        {
            var (contentType, body) = http.Request.Path.Value switch
            {
                "/gadgets" => ("application/json", $"[{GadgetJson},{OtherJson}]"),
                "/gadgets/array" => ("application/json", $"[{GadgetJson},{OtherJson}]"),
                "/gadgets/lines" => ("application/jsonl", $"{GadgetJson}\n{OtherJson}\n"),
                "/gadgets/events" => ("text/event-stream", Events),
                _ => ("text/event-stream", Events + "data: [DONE]\n\ndata: not json\n\n"),
            };
            if (HttpMethods.IsPost(http.Request.Method))
            {
                using var copy = new MemoryStream();
                await http.Request.Body.CopyToAsync(copy, http.RequestAborted);
                _received.Enqueue(new Received(copy.ToArray(), http.Request.ContentLength, http.Request.ContentType, http.Request.Protocol));
            }

            http.Response.ContentType = contentType;
            await http.Response.WriteAsync(body, http.RequestAborted);
        }
    }
}
