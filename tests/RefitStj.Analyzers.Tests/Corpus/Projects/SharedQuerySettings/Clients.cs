using System;
using System.Net.Http;
using Refit;
using RefitStj;

namespace SharedQuerySettings;

public static class Clients
{
    // Public: any code may set its ContentSerializer, as Replace below does.
    public static readonly RefitSettings Shared = new(new StjContentSerializer(SearchJsonContext.Default));

    public static ISearchApi Search(HttpClient http) => RestService.For<ISearchApi>(http);

    public static ISearchApi SearchOnRefitStj(HttpClient http) => RestService.For<ISearchApi>(http, new RefitSettings(new StjContentSerializer(SearchJsonContext.Default)));

    public static ISuggestApi Suggest(HttpClient http) => RestService.For<ISuggestApi>(http, new RefitSettings(new StjContentSerializer(SearchJsonContext.Default)));

    public static ISuggestApi SuggestOnRefit(HttpClient http) => RestService.For<ISuggestApi>(http);

    public static IPagedApi<Hit> Hits(HttpClient http) => RestService.For<IPagedApi<Hit>>(http, new RefitSettings(new StjContentSerializer(SearchJsonContext.Default)));

    public static IPagedApi<Filter> Filters(HttpClient http) => RestService.For<IPagedApi<Filter>>(http, new RefitSettings(new StjContentSerializer(SearchJsonContext.Default)));

    public static IArchiveApi Archive(HttpClient http) => (IArchiveApi)RestService.For(typeof(IArchiveApi), http, Shared);

    public static void Replace() => Shared.ContentSerializer = new SystemTextJsonContentSerializer();
}
