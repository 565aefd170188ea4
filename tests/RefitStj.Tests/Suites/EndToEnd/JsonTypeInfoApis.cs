using System.Net.ServerSentEvents;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>Written Refit 16's way: every body and reply carries its metadata as a <c>JsonTypeInfo&lt;T&gt;</c> parameter.</summary>
public interface IGadgetTypeInfoApi
{
    [Post("/gadgets")]
    Task<List<Gadget>?> Post([Body] Gadget gadget, JsonTypeInfo<Gadget> body, JsonTypeInfo<List<Gadget>> reply);

    [Post("/gadgets")]
    Task<List<Gadget>?> PostBuffered([Body(buffered: true)] Gadget gadget, JsonTypeInfo<Gadget> body, JsonTypeInfo<List<Gadget>> reply);

    [Post("/gadgets")]
    Task<ApiResponse<List<Gadget>>> PostForResponse([Body] Gadget gadget, JsonTypeInfo<Gadget> body, JsonTypeInfo<List<Gadget>> reply);

    [Get("/gadgets/array")]
    IAsyncEnumerable<Gadget> Array(JsonTypeInfo<Gadget> reply, CancellationToken cancellationToken = default);

    [Get("/gadgets/lines")]
    IAsyncEnumerable<Gadget> Lines(JsonTypeInfo<Gadget> reply, CancellationToken cancellationToken = default);

    [Get("/gadgets/events")]
    IAsyncEnumerable<Gadget> Events(JsonTypeInfo<Gadget> reply, CancellationToken cancellationToken = default);

    [Get("/gadgets/events")]
    IAsyncEnumerable<SseItem<Gadget>> EventItems(JsonTypeInfo<SseItem<Gadget>> reply, CancellationToken cancellationToken = default);

    [Get("/gadgets/done")]
    IAsyncEnumerable<Gadget> EventsUntilDone(JsonTypeInfo<Gadget> reply, CancellationToken cancellationToken = default);

    [Get("/gadgets/done")]
    IAsyncEnumerable<SseItem<Gadget>> EventItemsUntilDone(JsonTypeInfo<SseItem<Gadget>> reply, CancellationToken cancellationToken = default);
}
