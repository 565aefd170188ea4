using System.Net.ServerSentEvents;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

// Server-sent event streams as chat and model APIs send them; Refit's source generator implements the interface.

public interface IEventStreamApi
{
    [Get("/chat")]
    IAsyncEnumerable<ChatChunk> Chat(CancellationToken cancellationToken = default);

    [Get("/messages")]
    IAsyncEnumerable<SseItem<MessageEvent>> Messages(CancellationToken cancellationToken = default);

    [Get("/ticks")]
    IAsyncEnumerable<Tick> Ticks(CancellationToken cancellationToken = default);

    [Get("/ticks")]
    IAsyncEnumerable<SseItem<Tick>> TickEvents(CancellationToken cancellationToken = default);
}

/// <summary>An OpenAI-style chat completion chunk: each carries the next piece of the answer.</summary>
public sealed record ChatChunk(string Id, IReadOnlyList<ChatChoice> Choices);

public sealed record ChatChoice(int Index, ChatDelta Delta, [property: JsonPropertyName("finish_reason")] string? FinishReason);

public sealed record ChatDelta(string? Content);

/// <summary>An Anthropic-style stream event: the SSE event type repeats <see cref="Type"/>.</summary>
public sealed record MessageEvent(string Type, int? Index, TextDelta? Delta);

public sealed record TextDelta(string Type, string? Text);

/// <summary>Everything the interface reads, and the converters its SseItem methods need.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[] { typeof(SseItemConverter<MessageEvent>), typeof(SseItemConverter<Tick>) })]
[JsonSerializable(typeof(ChatChunk))]
[JsonSerializable(typeof(MessageEvent))]
[JsonSerializable(typeof(Tick))]
internal sealed partial class EventStreamContext : JsonSerializerContext;
