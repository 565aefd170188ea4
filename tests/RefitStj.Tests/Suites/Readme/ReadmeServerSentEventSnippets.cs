using System.Net;
#region snippet: sse-items
using System.Net.ServerSentEvents;
using System.Text.Json;
using System.Text.Json.Serialization;
#endregion
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

// README's server-sent event blocks (ReadmeTests compares each region with README's block of that name), run through
// Refit clients over a stub. Each block is a whole file in README, so its usings open this file and its declarations,
// README's own small chat and message models, follow the tests' statements.
public sealed class ReadmeServerSentEventSnippets
{
    [Fact]
    public async Task Readme_Chat_Stream_Ends_At_Done()
    {
        var written = new List<string?>();
        var body = "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n";
        var api = Clients.For<IChatApi>(Clients.Trickling(HttpStatusCode.OK, body, chunk: 7, mediaType: "text/event-stream"));

        #region snippet: sse-chat
        static async Task ChatAsync(IChatApi api, Action<string?> write)
        {
            await foreach (var chunk in api.Chat())
            {
                write(chunk.Choices[0].Delta.Content);
            }
        }
        #endregion

        await ChatAsync(api, written.Add);
        Assert.Equal(["Hi"], written);
    }

    [Fact]
    public async Task Readme_SseItems_Keep_Type_And_Id_Over_A_Context()
    {
        var handled = new List<(string, string?, string)>();
        var body = "event: ping\nid: 3\ndata: {\"Type\":\"ping\"}\n\n";
        var http = Clients.Http(Clients.Trickling(HttpStatusCode.OK, body, chunk: 5, mediaType: "text/event-stream"));
        var api = RestService.ForGenerated<IMessagesApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(ChatJsonContext.Default) });

        #region snippet: sse-items
        static async Task ReadMessagesAsync(IMessagesApi api, Action<string, string?, MessageEvent> handle)
        {
            await foreach (var item in api.Messages())
            {
                handle(item.EventType, item.EventId, item.Data);
            }
        }
        #endregion

        await ReadMessagesAsync(api, (type, id, data) => handled.Add((type, id, data.Type)));
        Assert.Equal([("ping", "3", "ping")], handled);
    }
}

#region snippet: sse-chat
public interface IChatApi
{
    [Get("/chat")]
    IAsyncEnumerable<ChatChunk> Chat();
}

public sealed record ChatChunk(ChatChoice[] Choices);
public sealed record ChatChoice(ChatDelta Delta);
public sealed record ChatDelta(string? Content);
#endregion

#region snippet: sse-items
public interface IMessagesApi
{
    [Get("/messages")]
    IAsyncEnumerable<SseItem<MessageEvent>> Messages();
}

public sealed record MessageEvent(string Type);

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, Converters = new[] { typeof(SseItemConverter<MessageEvent>) })]
[JsonSerializable(typeof(MessageEvent))]
internal sealed partial class ChatJsonContext : JsonSerializerContext;
#endregion
