// A Refit 16 app: a query converter, form and JSON Lines bodies, contexts for its JSON. One interface is served by a
// client on RefitStj, one only by Refit's own serializer.
using System;
using System.Collections.Generic;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Refit;

namespace Refit16QueryForms;

public sealed record ProductFilter([property: JsonPropertyName("q")] string? Text, int? MinPrice, List<string>? Tags);

public sealed record Product(int Id, string Name);

public sealed record Signup([property: AliasAs("user_name")] string UserName, [property: JsonPropertyName("mail")] string Email);

public sealed record Event(string Kind, int At);

public interface ICatalogApi
{
    [Get("/products")]
    Task<List<Product>> Search([QueryConverter(typeof(SystemTextJsonQueryConverter<ProductFilter>))] ProductFilter filter); //! RSTJ005

    [Get("/products/page")]
    Task<List<Product>> Page([Query(".", "f")][QueryConverter(typeof(Refit.SystemTextJsonQueryConverter<ProductFilter>))] ProductFilter filter, int page); //! RSTJ005

    [Post("/signup")]
    Task Register([Body(BodySerializationMethod.UrlEncoded)] Signup signup);

    [Post("/events")]
    Task Send([Body(BodySerializationMethod.JsonLines)] IEnumerable<Event> events);

    [Post("/events/stream")]
    Task Stream([Body(BodySerializationMethod.JsonLines)] IAsyncEnumerable<Event> events);
}

// Its only clients run on Refit's serializer, where Refit's converter works: nothing to report.
public interface ILegacyApi
{
    [Get("/legacy")]
    Task<List<Product>> Search([QueryConverter(typeof(SystemTextJsonQueryConverter<ProductFilter>))] ProductFilter filter);
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(List<Product>))]
[JsonSerializable(typeof(ProductFilter))]
[JsonSerializable(typeof(Signup))]
[JsonSerializable(typeof(Event))]
internal sealed partial class CatalogJsonContext : JsonSerializerContext
{
}
