// Where the flow cannot be followed the checks say nothing; where it can, they report.
using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace UnfollowedFlows;

public sealed record Item(int Id, string Name);

public sealed record NewItem(string Name);

public interface IItemsApi
{
    [Get("/items/{id}")]
    Task<Item> Get(int id);

    [Post("/items")]
    Task<Item> Add([Body] NewItem item);
}

[JsonSerializable(typeof(Item))]
internal sealed partial class ItemsJsonContext : JsonSerializerContext
{
}

public static class Flows
{
    private static StjContentSerializer s_twice = new StjContentSerializer(ItemsJsonContext.Default);

    public static void Reset() => s_twice = new StjContentSerializer();

    public static IItemsApi WrittenTwice(HttpClient http) => RestService.For<IItemsApi>(http, new RefitSettings(s_twice));

    public static IItemsApi Given(HttpClient http, RefitSettings settings) => RestService.For<IItemsApi>(http, settings);

    public static IItemsApi Changed(HttpClient http)
    {
        var settings = new RefitSettings(new StjContentSerializer(ItemsJsonContext.Default));
        Configure(settings);
        return RestService.For<IItemsApi>(http, settings);
    }

    public static IItemsApi Reflection(HttpClient http) => RestService.For<IItemsApi>(http, new RefitSettings(new StjContentSerializer()));

    public static IItemsApi GivenOptions(HttpClient http) => RestService.For<IItemsApi>(http, new RefitSettings(new StjContentSerializer(ItemsJsonContext.Default.Options)));

    public static IItemsApi OptionsPassedToContext(HttpClient http) => RestService.For<IItemsApi>(http, new RefitSettings(new StjContentSerializer(new ItemsJsonContext(new JsonSerializerOptions())))); //! RSTJ001

    public static IItemsApi Pattern(HttpClient http)
    {
        object chosen = new StjContentSerializer(ItemsJsonContext.Default);
        return chosen is StjContentSerializer serializer ? RestService.For<IItemsApi>(http, new RefitSettings(serializer)) : throw new InvalidOperationException(); //! RSTJ001 RSTJ002
    }

    private static void Configure(RefitSettings settings) => settings.ContentSerializer = new StjContentSerializer();
}
