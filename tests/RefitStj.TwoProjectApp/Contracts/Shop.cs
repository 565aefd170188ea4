using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj;

namespace Contracts;

public interface IShopApi
{
    [Get("/orders/{id}")]
    Task<Order> GetOrder(int id);

    // The context below lacks Receipt: a client over it alone throws here.
    [Get("/receipts/{id}")]
    Task<Receipt> GetReceipt(int id);

    // Refit's converter throws on a client over RefitStj's serializer.
    [Get("/search")]
    Task<string> Search([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter);
}

public sealed class Order
{
    public int Id { get; set; }
}

public sealed class Receipt
{
    public int Id { get; set; }
}

public sealed class Filter
{
    public string? Name { get; set; }
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.General)]
[JsonSerializable(typeof(Order))]
public sealed partial class ShopJsonContext : JsonSerializerContext;

public static class SharedSettings
{
    public static readonly RefitSettings Field = new(new StjContentSerializer(ShopJsonContext.Default));

    public static RefitSettings Create() => new(new StjContentSerializer(ShopJsonContext.Default));
}
