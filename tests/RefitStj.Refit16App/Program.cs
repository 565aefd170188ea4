using System.Globalization;
using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Microsoft.Extensions.DependencyInjection;
using Refit;

// A Refit 16 app written the way Refit 16.4's README recommends: contexts passed to ForGenerated, ForJsonContext and
// AddRefitGeneratedClient, JsonTypeInfo<T> parameters, a query parameter flattened by SystemTextJsonQueryConverter<T>. Two servers: one on web defaults with string enums, one
// PascalCase (a context with no options). Every client makes the same calls in the three body modes against an
// in-process server that echoes what it receives. It prints the transcript (each request as sent, each value read) and,
// on lines starting "proof", which serializer ran each client: RefitStj ends a server-sent event stream at "[DONE]",
// Refit's serializer fails reading it as JSON.
var server = new EchoServer();
HttpClient Http(string host) => new(server, disposeHandler: false) { BaseAddress = new Uri($"http://{host}") };

var filter = new Filter("ada lovelace", 10, ["new", "b&w"], null);
var order = new Order(7, "Ada Lovelace", Status.InReview, 12.50m, new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(1)), [new Line("A-1", 2), new Line("B-22", 1)]);

await Web("web, ForGenerated(client, context)", RestService.ForGenerated<IWebApi>(Http("web.test"), WebJsonContext.Default));
await Web("web, ForJsonContext, buffered", RestService.ForGenerated<IWebApi>(Http("web.test"), Mode(RefitSettings.ForJsonContext(WebJsonContext.Default), RequestBodySerializationMode.Buffered)));
await Web("web, ForJsonContext, streamed", RestService.ForGenerated<IWebApi>(Http("web.test"), Mode(RefitSettings.ForJsonContext(WebJsonContext.Default), RequestBodySerializationMode.Streamed)));
await Pascal("pascal, ForGenerated(client, context)", RestService.ForGenerated<IPascalApi>(Http("pascal.test"), PascalJsonContext.Default));
await Pascal("pascal, ForJsonContext, buffered", RestService.ForGenerated<IPascalApi>(Http("pascal.test"), Mode(RefitSettings.ForJsonContext(PascalJsonContext.Default), RequestBodySerializationMode.Buffered)));
await Pascal("pascal, ForJsonContext, streamed", RestService.ForGenerated<IPascalApi>(Http("pascal.test"), Mode(RefitSettings.ForJsonContext(PascalJsonContext.Default), RequestBodySerializationMode.Streamed)));

var services = new ServiceCollection();
services.AddRefitGeneratedClient<IWebApi>(WebJsonContext.Default)
    .ConfigureHttpClient(client => client.BaseAddress = new Uri("http://web.test"))
    .ConfigurePrimaryHttpMessageHandler(() => new EchoServer.Forward(server));
services.AddKeyedRefitGeneratedClient<IPascalApi>("pascal", PascalJsonContext.Default)
    .ConfigureHttpClient(client => client.BaseAddress = new Uri("http://pascal.test"))
    .ConfigurePrimaryHttpMessageHandler(() => new EchoServer.Forward(server));
await using var provider = services.BuildServiceProvider();
await Web("web, AddRefitGeneratedClient(context)", provider.GetRequiredService<IWebApi>());
await Pascal("pascal, AddKeyedRefitGeneratedClient(key, context)", provider.GetRequiredKeyedService<IPascalApi>("pascal"));

async Task Web(string client, IWebApi api)
{
    await Transcript.Call(server, client, "place", () => api.Place(order));
    await Transcript.Call(server, client, "place with JsonTypeInfo<T> body and reply", () => api.PlaceTyped(order, WebJsonContext.Default.Order, WebJsonContext.Default.EchoOrder));
    await Transcript.Call(server, client, "get with a JsonTypeInfo<T> reply", () => api.Get(WebJsonContext.Default.Order));
    await Transcript.Call(server, client, "search with a query converter", () => api.Search(filter));
    await Transcript.Proof(server, client, api.Ticks);
}

async Task Pascal(string client, IPascalApi api)
{
    await Transcript.Call(server, client, "place", () => api.Place(order));
    await Transcript.Call(server, client, "place with JsonTypeInfo<T> body and reply", () => api.PlaceTyped(order, PascalJsonContext.Default.Order, PascalJsonContext.Default.EchoOrder));
    await Transcript.Call(server, client, "get with a JsonTypeInfo<T> reply", () => api.Get(PascalJsonContext.Default.Order));
    await Transcript.Call(server, client, "search with a query converter", () => api.Search(filter));
    await Transcript.Proof(server, client, api.Ticks);
}

static RefitSettings Mode(RefitSettings settings, RequestBodySerializationMode mode)
{
    settings.RequestBodySerialization = mode;
    return settings;
}

public interface IWebApi
{
    [Post("/orders")]
    Task<Echo<Order>> Place([Body] Order order);

    [Post("/orders")]
    Task<Echo<Order>> PlaceTyped([Body] Order order, JsonTypeInfo<Order> body, JsonTypeInfo<Echo<Order>> reply);

    [Get("/orders/7")]
    Task<Order> Get(JsonTypeInfo<Order> reply);

    [Get("/ticks")]
    IAsyncEnumerable<Tick> Ticks();

    [Get("/search")]
    Task<string> Search([Query(".", "f")][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter);
}

public interface IPascalApi
{
    [Post("/orders")]
    Task<Echo<Order>> Place([Body] Order order);

    [Post("/orders")]
    Task<Echo<Order>> PlaceTyped([Body] Order order, JsonTypeInfo<Order> body, JsonTypeInfo<Echo<Order>> reply);

    [Get("/orders/7")]
    Task<Order> Get(JsonTypeInfo<Order> reply);

    [Get("/ticks")]
    IAsyncEnumerable<Tick> Ticks();

    [Get("/search")]
    Task<string> Search([Query(".", "f")][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter);
}

public enum Status
{
    Pending,
    InReview,
}

public sealed record Line(string Sku, int Quantity);

public sealed record Order(int Id, string Customer, Status Status, decimal Total, DateTimeOffset At, List<Line> Lines);

public sealed record Echo<T>(T Received);

public sealed record Tick(int N);

public sealed record Filter([property: JsonPropertyName("q")] string? Text, int? MinTotal, List<string>? Tags, string? Unset);

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Echo<Order>))]
[JsonSerializable(typeof(Tick))]
[JsonSerializable(typeof(Filter))]
internal sealed partial class WebJsonContext : JsonSerializerContext;

[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Echo<Order>))]
[JsonSerializable(typeof(Tick))]
[JsonSerializable(typeof(Filter))]
internal sealed partial class PascalJsonContext : JsonSerializerContext;

/// <summary>
/// Two servers in process: web.test answers camelCase with string enums, pascal.test PascalCase with numbers. A POST's
/// body comes back wrapped as "received"; every request is recorded as it arrived (headers of its content, its bytes).
/// </summary>
internal sealed class EchoServer : HttpMessageHandler
{
    private static readonly Dictionary<string, string> s_orders = new(StringComparer.Ordinal)
    {
        ["web.test"] = """{"id":7,"customer":"Grace","status":"InReview","total":"19.90","at":"2024-05-06T07:08:09+02:00","lines":[{"sku":"C-3","quantity":4}]}""",
        ["pascal.test"] = """{"Id":7,"Customer":"Grace","Status":1,"Total":19.90,"At":"2024-05-06T07:08:09+02:00","Lines":[{"Sku":"C-3","Quantity":4}]}""",
    };

    private static readonly Dictionary<string, string> s_ticks = new(StringComparer.Ordinal)
    {
        ["web.test"] = "data: {\"n\":1}\n\ndata: {\"n\":2}\n\ndata: [DONE]\n\n",
        ["pascal.test"] = "data: {\"N\":1}\n\ndata: {\"N\":2}\n\ndata: [DONE]\n\n",
    };

    private readonly List<string> _received = [];

    /// <summary>The requests received since the last call, as transcript lines.</summary>
    public List<string> Drain()
    {
        var lines = _received.ToList();
        _received.Clear();
        return lines;
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var host = request.RequestUri!.Host;

        // The headers as sent, before reading the body buffers it (which gives any content a length).
        var headers = request.Content is null ? "no content" : $"{request.Content.Headers.ContentType}, length {request.Content.Headers.ContentLength?.ToString(CultureInfo.InvariantCulture) ?? "none"}";
        var body = request.Content is null ? null : await request.Content.ReadAsByteArrayAsync(cancellationToken);
        _received.Add($"  received {request.Method} {host}{request.RequestUri.PathAndQuery} ({headers}): {(body is null ? "" : Encoding.UTF8.GetString(body))}");
        var (answer, mediaType) = request.RequestUri.AbsolutePath switch
        {
            "/orders" when body is not null => ($"{{\"{(host == "web.test" ? "received" : "Received")}\":{Encoding.UTF8.GetString(body)}}}", "application/json"),
            "/orders/7" => (s_orders[host], "application/json"),
            "/ticks" => (s_ticks[host], "text/event-stream"),
            _ => ("{}", "application/json"),
        };
        return new HttpResponseMessage(HttpStatusCode.OK) { Content = new StringContent(answer, Encoding.UTF8, mediaType) };
    }

    /// <summary>HttpClientFactory's primary handler: a new one per handler chain, all answered by the one server.</summary>
    internal sealed class Forward(EchoServer server) : DelegatingHandler(server)
    {
        protected override void Dispose(bool disposing)
        {
            // The server outlives every chain the factory builds and drops.
            InnerHandler = null;
            base.Dispose(disposing);
        }
    }
}

/// <summary>Prints each call's values (or the exception it ends in) and the requests the server received for it.</summary>
internal static class Transcript
{
    public static async Task Call<T>(EchoServer server, string client, string call, Func<Task<T>> send)
    {
        string read;
        try
        {
            read = Describe(await send());
        }
        catch (Exception ex)
        {
            // The exception's type and message: Refit's query converter on RefitStj throws NotSupportedException before sending.
            read = $"error {(ex.InnerException ?? ex).GetType().Name}: {(ex.InnerException ?? ex).Message}";
        }

        Console.WriteLine($"{client}: {call}: read {read}");
        server.Drain().ForEach(Console.WriteLine);
    }

    /// <summary>Reads the server-sent ticks, which end with "[DONE]": only RefitStj ends the stream there.</summary>
    public static async Task Proof(EchoServer server, string client, Func<IAsyncEnumerable<Tick>> ticks)
    {
        var read = new List<int>();
        try
        {
            await foreach (var tick in ticks())
            {
                read.Add(tick.N);
            }

            Console.WriteLine($"proof {client}: ticks {string.Join(",", read)} then [DONE] ended the stream: RefitStj");
        }
        catch (Exception ex)
        {
            Console.WriteLine($"proof {client}: ticks {string.Join(",", read)} then {(ex.InnerException ?? ex).GetType().Name} at [DONE]: Refit's serializer");
        }

        server.Drain();
    }

    private static string Describe(object? value) => value switch
    {
        null => "null",
        Order o => $"Order {o.Id} '{o.Customer}' {o.Status} {o.Total.ToString(CultureInfo.InvariantCulture)} {o.At.ToString("O", CultureInfo.InvariantCulture)} [{string.Join(", ", o.Lines.Select(l => $"{l.Sku} x{l.Quantity}"))}]",
        Echo<Order> e => $"Echo of {Describe(e.Received)}",
        _ => $"{value.GetType().Name}:{Convert.ToString(value, CultureInfo.InvariantCulture)}",
    };
}
