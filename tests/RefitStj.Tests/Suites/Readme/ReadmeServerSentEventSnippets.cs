using System.Net;
using System.Net.ServerSentEvents;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

// README's server-sent event blocks (ReadmeTests compares each region with README's block of that name), run through
// Refit clients over a stub; the chat and message models are the end-to-end suite's.

public interface IChatStreamApi
{
    [Get("/chat")]
    IAsyncEnumerable<ChatChunk> Chat();
}

public interface IMessagesApi
{
    [Get("/messages")]
    IAsyncEnumerable<SseItem<MessageEvent>> Messages();
}

#region snippet: sse-items
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, Converters = new[] { typeof(SseItemConverter<MessageEvent>) })]
[JsonSerializable(typeof(MessageEvent))]
internal sealed partial class ChatJsonContext : JsonSerializerContext;
#endregion

public sealed class ReadmeServerSentEventSnippets
{
    [Fact]
    public async Task Readme_Chat_Stream_Ends_At_Done()
    {
        var written = new List<string?>();
        void Write(string? text) => written.Add(text);
        var body = "data: {\"id\":\"c\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n";
        var api = Clients.For<IChatStreamApi>(Clients.Trickling(HttpStatusCode.OK, body, chunk: 7, mediaType: "text/event-stream"));

        #region snippet: sse-chat
        await foreach (var chunk in api.Chat())
        {
            Write(chunk.Choices[0].Delta.Content);
        }
        #endregion

        Assert.Equal(["Hi"], written);
    }

    [Fact]
    public async Task Readme_SseItems_Keep_Type_And_Id_Over_A_Context()
    {
        var handled = new List<(string, string?, string)>();
        void Handle(string type, string? id, MessageEvent data) => handled.Add((type, id, data.Type));
        var body = "event: ping\nid: 3\ndata: {\"Type\":\"ping\"}\n\n";
        var http = Clients.Http(Clients.Trickling(HttpStatusCode.OK, body, chunk: 5, mediaType: "text/event-stream"));
        var api = RestService.For<IMessagesApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(ChatJsonContext.Default) });

        #region snippet: sse-items
        await foreach (var item in api.Messages()) // IAsyncEnumerable<SseItem<MessageEvent>>
        {
            Handle(item.EventType, item.EventId, item.Data);
        }
        #endregion

        Assert.Equal([("ping", "3", "ping")], handled);
    }
}
