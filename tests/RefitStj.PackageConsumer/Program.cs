using System.Text.Json.Serialization;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(ShopJsonContext.Default) };
var api = RestService.ForGenerated<IShopApi>("http://localhost", settings);
var services = new ServiceCollection();
services.AddRefitGeneratedClient<IShopApi>(settings);
Console.WriteLine($"{api.GetType().Name}, {services.Count} services");

public interface IShopApi
{
    [Get("/products/{id}")]
    Task<Product> GetProduct(int id);

    [Post("/orders")]
    Task<Receipt> PlaceOrder([Body] Order order);
}

public sealed record Product(int Id, string Name, decimal Price);

public sealed record Order(int ProductId, int Quantity);

public sealed record Receipt(int OrderId, decimal Total);

[JsonSerializable(typeof(Product))]
[JsonSerializable(typeof(Receipt))]
#if DECLARE_ORDER
[JsonSerializable(typeof(Order))]
#endif
internal sealed partial class ShopJsonContext : JsonSerializerContext;
