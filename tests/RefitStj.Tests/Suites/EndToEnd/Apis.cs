using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

// Refit's source generator implements these interfaces, so they (and every type they mention) must be public.

public interface IPeopleApi
{
    [Get("/people/{id}")]
    Task<Person?> GetPerson(int id);

    [Get("/people/{id}")]
    Task<Person?> GetPerson(int id, CancellationToken cancellationToken);

    [Get("/people")]
    Task<List<Person>?> GetPeople();

    [Get("/people/{id}")]
    Task<ApiResponse<Person>> GetPersonResponse(int id);

    [Get("/people/{id}")]
    Task<IApiResponse<Person>> GetPersonInterfaceResponse(int id);

    [Get("/orders/{id}")]
    Task<Order?> GetOrder(int id);

    [Post("/people")]
    Task<Person?> CreatePerson([Body] Person person);

    [Put("/people/{id}")]
    Task UpdatePerson(int id, [Body] Person person);

    [Patch("/people/{id}")]
    Task<Person?> PatchPerson(int id, [Body] Person person);
}

public interface IOrdersApi
{
    [Post("/orders")]
    Task PostOrder([Body] Order order);

    [Post("/orders")]
    Task PostOrderBuffered([Body(buffered: true)] Order order);

    [Post("/orders")]
    Task PostOrderUnbuffered([Body(buffered: false)] Order order);

    [Post("/orders")]
    Task<Order?> PostOrderAndEcho([Body] Order order);
}

public interface IPolymorphicApi
{
    [Post("/shapes")]
    Task PostShape([Body] IShape shape);

    [Post("/animals")]
    Task PostAnimal([Body] Animal animal);

    [Post("/vehicles")]
    Task PostVehicle([Body] Vehicle vehicle);

    [Post("/anything")]
    Task PostObject([Body] object body);
}

public interface IFormsApi
{
    [Post("/form")]
    Task PostForm([Body(BodySerializationMethod.UrlEncoded)] FormItem item);

    [Multipart]
    [Post("/upload")]
    Task Upload([AliasAs("meta")] Person meta, [AliasAs("note")] string note);
}

/// <summary>A form body: the serializer names one field, <see cref="AliasAsAttribute"/> outranks it, the rest keep their CLR names.</summary>
public sealed class FormItem
{
    [JsonPropertyName("sku_code")]
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    [AliasAs("alias_wins")]
    [JsonPropertyName("json_loses")]
    public string? Both { get; set; }
}
