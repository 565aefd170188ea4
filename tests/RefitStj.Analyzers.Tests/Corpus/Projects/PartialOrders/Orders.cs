// A context split over two files, and a serializer in an instance field set in the constructor.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace PartialOrders;

public sealed record Order(int Id, string Sku);

public sealed record ReturnRequest(int OrderId, string Reason);

public sealed record ReturnLabel(string Url);

public interface IOrdersApi
{
    [Get("/orders/{id}")]
    Task<Order> Get(int id);

    [Post("/returns")]
    Task<ReturnLabel> RequestReturn([Body] ReturnRequest request);
}

public sealed class OrdersClients
{
    private readonly StjContentSerializer _serializer;

    public OrdersClients() => _serializer = new StjContentSerializer(OrdersJsonContext.Default);

    public IOrdersApi Create(HttpClient http) => RestService.For<IOrdersApi>(http, new RefitSettings { ContentSerializer = _serializer }); //! RSTJ001

    public static IOrdersApi Shared(string url) => RestService.For<IOrdersApi>(url, new RefitSettings(OrdersJsonContext.Serializer)); //! RSTJ001
}
