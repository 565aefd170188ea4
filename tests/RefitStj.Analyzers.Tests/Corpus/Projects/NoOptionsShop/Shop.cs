// A context as first written (types only, no options), chosen by a conditional and by a coalesce.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace NoOptionsShop;

public enum OrderState { Open, Paid }

public sealed record Order(int Id, decimal Total, OrderState State);

public sealed record NewOrder(string Sku, int Quantity);

public interface IShopApi
{
    [Get("/orders/{id}")]
    Task<Order> Get(int id);

    [Post("/orders")]
    Task<Order> Place([Body] NewOrder order);
}

[JsonSerializable(typeof(Order))]
internal sealed partial class ShopJsonContext : JsonSerializerContext
{
}

// As RSTJ003's fix leaves a context moved from Refit's ForContext: the same types, its format stated.
[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]
[JsonSerializable(typeof(Order))]
internal sealed partial class PascalShopJsonContext : JsonSerializerContext;

public static class ShopClients
{
    public static IShopApi Create(HttpClient http, bool builtIn)
    {
        IHttpContentSerializer serializer = builtIn ? new SystemTextJsonContentSerializer() : new StjContentSerializer(ShopJsonContext.Default);
        return RestService.For<IShopApi>(http, new RefitSettings(serializer)); //! RSTJ001 RSTJ002
    }

    public static IShopApi Configured(HttpClient http, StjContentSerializer? configured)
    {
        var settings = new RefitSettings(configured ?? new StjContentSerializer(ShopJsonContext.Default));
        return RestService.For<IShopApi>(http, settings); //! RSTJ001 RSTJ002
    }

    // What RSTJ003's fix writes for a Refit 16 app that talked to a PascalCase server: the context's format stated, so no RSTJ002.
    public static IShopApi AfterRefit16Fix(HttpClient http) => RestService.ForGenerated<IShopApi>(http, new RefitSettings(new StjContentSerializer(PascalShopJsonContext.Default))); //! RSTJ001

    // Options given, a context added: reflection answers what the context lacks, and the options are not the attribute's.
    public static IShopApi WithReflection(HttpClient http) => RestService.For<IShopApi>(http, new RefitSettings(new StjContentSerializer()).UseStjJsonContext(ShopJsonContext.Default));

    // Reflection describes what the context lacks (no RSTJ001), with the context's options: they are still the wire.
    public static IShopApi FallingBack(HttpClient http) => RestService.For<IShopApi>(http, new RefitSettings(new StjContentSerializer(ShopJsonContext.Default, allowReflectionFallback: true))); //! RSTJ002
}
