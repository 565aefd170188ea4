// A catalog API in kebab-case with enums as their names: DI registration whose settings lambda reads a static property.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace KebabCaseCatalog;

public enum Availability { InStock, Backorder }

public sealed record Product(string Sku, string Title, decimal Price, Availability Availability);

public sealed record PriceChange(string Sku, decimal Price);

public interface ICatalogApi
{
    [Get("/products")]
    Task<List<Product>> List();

    [Get("/products/{sku}")]
    Task<Product> Get(string sku);

    [Put("/products/{sku}/price")]
    Task<PriceChange> Reprice(string sku, [Body] PriceChange change);
}

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.KebabCaseLower, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Product))]
[JsonSerializable(typeof(List<Product>))]
internal sealed partial class CatalogJsonContext : JsonSerializerContext
{
}

public static class CatalogJson
{
    public static StjContentSerializer Serializer { get; } = new StjContentSerializer(CatalogJsonContext.Default);
}

public static class Startup
{
    public static void Register(IServiceCollection services) =>
        services.AddRefitClient<ICatalogApi>(_ => new RefitSettings(CatalogJson.Serializer)); //! RSTJ001
}
