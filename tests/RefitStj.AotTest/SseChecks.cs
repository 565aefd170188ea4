using System.Net;
using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.AotTest;

/// <summary>A chat API streaming server-sent events: its chunks, or each event with its type, id and retry.</summary>
public interface IChatApi
{
    [Get("/chat")]
    IAsyncEnumerable<ChatChunk> Chat();

    [Get("/chat")]
    IAsyncEnumerable<SseItem<ChatChunk>> ChatEvents();

    [Get("/chat")]
    IAsyncEnumerable<ChatChunk> ChatTyped(JsonTypeInfo<ChatChunk> reply);

    [Get("/chat")]
    IAsyncEnumerable<SseItem<ChatChunk>> ChatEventsTyped(JsonTypeInfo<SseItem<ChatChunk>> reply);
}

public sealed record ChatChunk(string Id, string? Content);

/// <summary>SseItem&lt;ChatChunk&gt; is read through the listed converter: the generator instantiates it, nothing is closed at run time.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[] { typeof(SseItemConverter<ChatChunk>) })]
[JsonSerializable(typeof(ChatChunk))]
[JsonSerializable(typeof(SseItem<ChatChunk>))]
internal sealed partial class ChatJsonContext : JsonSerializerContext;

/// <summary>The data type without the converter: reading SseItem&lt;ChatChunk&gt; must fail, naming the fix.</summary>
[JsonSerializable(typeof(ChatChunk))]
internal sealed partial class ChatWithoutConverterContext : JsonSerializerContext;

/// <summary>Server-sent events through Refit's generated client over a source-generated context.</summary>
internal static class SseChecks
{
    // An OpenAI-style stream: comments, CRLF, named events, ids and retry, and [DONE] with bytes after it that must not be read.
    private const string Stream =
        ": keep-alive\r\n\r\n" +
        "event: delta\r\nid: 1\r\nretry: 1500\r\ndata: {\"id\":\"c1\",\"content\":\"Hel\"}\r\n\r\n" +
        "data: {\"id\":\"c1\",\r\ndata: \"content\":\"lo\"}\r\n\r\n" +
        "data: [DONE]\r\n\r\n" +
        "data: not json\r\n\r\n";

    public static async Task RunAsync(Checks checks)
    {
        using var http = new HttpClient(new ChatStub()) { BaseAddress = new Uri("http://api.test") };
        var api = RestService.ForGenerated<IChatApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(ChatJsonContext.Default) });

        var chunks = new List<ChatChunk>();
        await foreach (var chunk in api.Chat())
        {
            chunks.Add(chunk);
        }

        checks.Sequence("server-sent events: IAsyncEnumerable<T> ends at [DONE]", [new ChatChunk("c1", "Hel"), new ChatChunk("c1", "lo")], chunks);

        var events = new List<string>();
        await foreach (var item in api.ChatEvents())
        {
            events.Add($"{item.EventType}|{item.EventId}|{item.ReconnectionInterval?.TotalMilliseconds}|{item.Data}");
        }

        checks.Sequence(
            "server-sent events: IAsyncEnumerable<SseItem<T>> with type, id and retry, ending at [DONE]",
            ["delta|1|1500|ChatChunk { Id = c1, Content = Hel }", "message|||ChatChunk { Id = c1, Content = lo }"],
            events);

        await MissingConverterAsync(checks, http, new StjContentSerializer(ChatWithoutConverterContext.Default));
        await TypedAsync(checks, http);
    }

    // Refit 16's JsonTypeInfo<T> reply parameters: the metadata, and SseItem<T>'s converter, come from the argument, not the serializer's context.
    private static async Task TypedAsync(Checks checks, HttpClient http)
    {
        // Only the JsonTypeInfo<T> methods are called on this client: RSTJ001 (following the context constructor) checks them all.
        // RSTJ002 asks for Refit's names on a context this check runs on as written.
#pragma warning disable RSTJ001, RSTJ002
        var api = RestService.ForGenerated<IChatApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(ChatWithoutConverterContext.Default) });
#pragma warning restore RSTJ001, RSTJ002
        var chunks = new List<ChatChunk>();
        await foreach (var chunk in api.ChatTyped(ChatJsonContext.Default.ChatChunk))
        {
            chunks.Add(chunk);
        }

        checks.Sequence("JsonTypeInfo<T> reply: IAsyncEnumerable<T> over server-sent events ends at [DONE]", [new ChatChunk("c1", "Hel"), new ChatChunk("c1", "lo")], chunks);

        var events = new List<string>();
        await foreach (var item in api.ChatEventsTyped(ChatJsonContext.Default.SseItemChatChunk))
        {
            events.Add($"{item.EventType}|{item.EventId}|{item.Data}");
        }

        checks.Sequence("JsonTypeInfo<T> reply: IAsyncEnumerable<SseItem<T>> keeps each event's type and id", ["delta|1|ChatChunk { Id = c1, Content = Hel }", "message||ChatChunk { Id = c1, Content = lo }"], events);
    }

    // The serializer comes in as a parameter, where RSTJ001 does not pair it with the client: the failure is the point.
    private static async Task MissingConverterAsync(Checks checks, HttpClient http, StjContentSerializer serializer)
    {
        var api = RestService.ForGenerated<IChatApi>(http, new RefitSettings { ContentSerializer = serializer });
        try
        {
            await foreach (var item in api.ChatEvents())
            {
                checks.That("server-sent events: SseItem<T> without its converter is rejected", false, $"an item: {item.Data}");
                return;
            }

            checks.That("server-sent events: SseItem<T> without its converter is rejected", false, "no items and no exception");
        }
        catch (NotSupportedException ex)
        {
            checks.That(
                "server-sent events: SseItem<T> without its converter is rejected, naming the fix",
                ex.Message.Contains("Converters = new[] { typeof(SseItemConverter<ChatChunk>) }", StringComparison.Ordinal),
                ex.Message);
        }
    }

    private sealed class ChatStub : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var content = new ByteArrayContent(Encoding.UTF8.GetBytes(Stream));
            content.Headers.ContentType = new("text/event-stream");
            return Task.FromResult(new HttpResponseMessage(HttpStatusCode.OK) { RequestMessage = request, Content = content });
        }
    }
}
