using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

// A user's app: a context that lists its types, paired with a Refit client in two ways. It prints a transcript of what
// each call sends and reads over a stub handler; built with -p:RefitReference=true it prints Refit's own reflection
// default's transcript instead, the reference the package's build-time checks must make the context match. On Refit 17
// its serializer has no resolver of its own (that is Refit.Reflection): its defaults get the reflection resolver, as a
// Refit 17 user without that package gives them.
#if REFIT_REFERENCE && REFIT17
var settings = new RefitSettings
{
    ContentSerializer = new SystemTextJsonContentSerializer(new JsonSerializerOptions(SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions())
    {
        TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver(),
    }),
};
#elif REFIT_REFERENCE
var settings = new RefitSettings { ContentSerializer = new SystemTextJsonContentSerializer() };
#else
var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(ShopJsonContext.Default) };
#endif
var stub = new StubHandler();
var api = RestService.ForGenerated<IShopApi>(new HttpClient(stub) { BaseAddress = new Uri("http://shop.test") }, settings);
var services = new ServiceCollection();
services.AddRefitGeneratedClient<IShopApi>(settings);

var order = new Order(7, 2, ProductKind.HomeGarden, Delivery.NextDay, Note: 42);
await Transcript.Call("camelCase product", () => api.GetProduct(1));
await Transcript.Call("PascalCase product", () => api.GetProduct(2));
await Transcript.Call("order", () => api.PlaceOrder(order));
await Transcript.Call("buffered order", () => api.PlaceOrderBuffered(order));
await Transcript.Call("shape", () => api.Draw(new Circle(1.5)));
await Transcript.Call("tags", () => api.Tag(new Dictionary<string, object>
{
    ["on"] = true,
    ["count"] = 3,
    ["big"] = 5_000_000_000L,
    ["ratio"] = 0.25,
    ["price"] = 9.5m,
    ["label"] = "x",
    ["at"] = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
    ["when"] = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(1)),
    ["id"] = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
}));
foreach (var line in stub.Sent)
{
    Console.WriteLine(line);
}

public interface IShopApi
{
    [Get("/products/{id}")]
    Task<Product> GetProduct(int id);

    [Post("/orders")]
    Task<Receipt> PlaceOrder([Body] Order order);

    [Post("/orders")]
    Task<Receipt> PlaceOrderBuffered([Body(buffered: true)] Order order);

    [Post("/shapes")]
    Task Draw([Body] IShape shape);

    [Post("/tags")]
    Task Tag([Body] Dictionary<string, object> tags);
}

public enum ProductKind
{
    Book,
    HomeGarden,
}

public sealed record Product(int Id, string Name, decimal Price, ProductKind Kind, ProductKind? Previous, Dictionary<string, object>? Extra);

// Delivery is reached through the omitted Order only: RSTJ002's fix must write its converter whichever fix runs first.
public enum Delivery
{
    Standard,
    NextDay,
}

public sealed record Order(int ProductId, int Quantity, ProductKind Kind, Delivery Delivery, object? Note);

public sealed record Receipt(int OrderId, decimal Total, ProductKind Kind);

public interface IShape;

public sealed record Circle(double Radius) : IShape;

[JsonSerializable(typeof(Product))]
[JsonSerializable(typeof(Receipt))]
[JsonSerializable(typeof(IShape))]
[JsonSerializable(typeof(Dictionary<string, object>))]
internal sealed partial class ShopJsonContext : JsonSerializerContext;

/// <summary>Answers each path with fixed JSON, and records every request body it is sent.</summary>
internal sealed class StubHandler : HttpMessageHandler
{
    private static readonly Dictionary<string, string> s_answers = new(StringComparer.Ordinal)
    {
        ["/products/1"] = """{"id":"1","name":"Lamp","price":"12.50","kind":"homeGarden","previous":null,"extra":{"count":3,"ratio":0.5,"on":true,"at":"2024-01-02T03:04:05Z","label":"x","list":[1]}}""",
        ["/products/2"] = """{"Id":2,"Name":"Book","Price":3.5,"Kind":"BOOK","Previous":"homeGarden","Extra":null}""",
        ["/orders"] = """{"orderId":5,"total":19.9,"kind":"book"}""",
    };

    public List<string> Sent { get; } = [];

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var body = request.Content is null ? "" : await request.Content.ReadAsStringAsync(cancellationToken);
        Sent.Add($"sent {request.Method} {request.RequestUri!.AbsolutePath}: {body}");
        var answer = s_answers.GetValueOrDefault(request.RequestUri.AbsolutePath, "{}");
        return new HttpResponseMessage(System.Net.HttpStatusCode.OK) { Content = new StringContent(answer, Encoding.UTF8, "application/json") };
    }
}

/// <summary>Prints what each call returns, its values with their types, or the exception it ends in.</summary>
internal static class Transcript
{
    public static async Task Call(string name, Func<Task> call)
    {
        try
        {
            await call();
            Console.WriteLine($"{name}: done");
        }
        catch (Exception ex)
        {
            Console.WriteLine($"{name}: {Failure(ex)}");
        }
    }

    public static async Task Call<T>(string name, Func<Task<T>> call)
    {
        try
        {
            Console.WriteLine($"{name}: {Describe(await call())}");
        }
        catch (Exception ex)
        {
            Console.WriteLine($"{name}: {Failure(ex)}");
        }
    }

    // The innermost exception's type: wording differs between serializers, what went wrong does not.
    private static string Failure(Exception ex) => $"error {(ex.InnerException ?? ex).GetType().Name}";

    private static string Describe(object? value) => value switch
    {
        null => "null",
        Product p => $"Product {p.Id} {p.Name} {Describe(p.Price)} {p.Kind} {Describe(p.Previous)} {Describe(p.Extra)}",
        Receipt r => $"Receipt {r.OrderId} {Describe(r.Total)} {r.Kind}",
        IDictionary<string, object> d => "{" + string.Join(", ", d.OrderBy(e => e.Key, StringComparer.Ordinal).Select(e => $"{e.Key}={Describe(e.Value)}")) + "}",
        JsonElement e => $"JsonElement:{e.GetRawText()}",
        _ => $"{value.GetType().Name}:{Convert.ToString(value, CultureInfo.InvariantCulture)}",
    };
}
