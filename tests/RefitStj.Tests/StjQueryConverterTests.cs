using System.Net;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

// Refit's source generator implements these interfaces, so they and the types they mention are public.
public interface IStjSearchApi
{
    [Get("/search")]
    Task Search([QueryConverter(typeof(StjQueryConverter<SearchFilter>))] SearchFilter filter);

    [Get("/search")]
    Task SearchWithPrefix([Query(".", "q")][QueryConverter(typeof(StjQueryConverter<SearchFilter>))] SearchFilter filter);
}

public interface IRefitSearchApi
{
    [Get("/search")]
    Task Search([QueryConverter(typeof(SystemTextJsonQueryConverter<SearchFilter>))] SearchFilter filter);

    [Get("/search")]
    Task SearchWithPrefix([Query(".", "q")][QueryConverter(typeof(SystemTextJsonQueryConverter<SearchFilter>))] SearchFilter filter);
}

public class SearchFilter
{
    public string? Text { get; set; }

    [JsonPropertyName("per_page")]
    public int PerPage { get; set; }

    public OrderStatus Status { get; set; }

    public DateTimeOffset? Since { get; set; }

    public List<string>? Labels { get; set; }

    public SearchRange? Range { get; set; }

    public bool Archived { get; set; }
}

public sealed class SearchRange
{
    public int From { get; set; }

    public int To { get; set; }
}

public sealed class ExtendedSearchFilter : SearchFilter
{
    public Guid Owner { get; set; }
}

[JsonSerializable(typeof(SearchFilter))]
[JsonSerializable(typeof(ExtendedSearchFilter))]
public sealed partial class SearchJsonContext : JsonSerializerContext;

public sealed class StjQueryConverterTests
{
    public static TheoryData<string> Filters => ["full", "empty", "derived", "prefixed"];

    private static SearchFilter Filter(string name) => name switch
    {
        "empty" => new SearchFilter(),
        "derived" => new ExtendedSearchFilter { Text = "x y&z", Owner = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), Labels = [] },
        _ => new SearchFilter
        {
            Text = "héllo wörld",
            PerPage = 50,
            Status = OrderStatus.InTransit,
            Since = new DateTimeOffset(2026, 11, 22, 10, 0, 0, TimeSpan.FromHours(1)),
            Labels = ["bug", "needs triage"],
            Range = new SearchRange { From = 1, To = 9 },
            Archived = true,
        },
    };

    [Theory]
    [MemberData(nameof(Filters))]
    public async Task Query_String_Equals_What_Refits_Own_Converter_Builds_With_Refits_Serializer(string name)
    {
        var filter = Filter(name);

        var ours = await SentUri<IStjSearchApi>(new StjContentSerializer(), api => name == "prefixed" ? api.SearchWithPrefix(filter) : api.Search(filter));
        var refits = await SentUri<IRefitSearchApi>(RefitsSerializer(), api => name == "prefixed" ? api.SearchWithPrefix(filter) : api.Search(filter));

        Assert.Equal(refits, ours);
    }

    [Fact]
    public async Task Query_Uses_Json_Names_Formats_Values_Flattens_Nested_Objects_And_Leaves_Out_Nulls()
    {
        var uri = await SentUri<IStjSearchApi>(new StjContentSerializer(), api => api.Search(Filter("full")));
        var query = Uri.UnescapeDataString(uri.Query);

        Assert.Contains("text=héllo wörld", query, StringComparison.Ordinal);
        Assert.Contains("per_page=50", query, StringComparison.Ordinal);
        Assert.Contains("range.from=1", query, StringComparison.Ordinal);
        Assert.Contains("range.to=9", query, StringComparison.Ordinal);
        Assert.Contains("labels=bug,needs triage", query, StringComparison.Ordinal);
        Assert.Contains("archived=True", query, StringComparison.Ordinal);
        Assert.DoesNotContain("Text=", query, StringComparison.Ordinal);

        var empty = await SentUri<IStjSearchApi>(new StjContentSerializer(), api => api.Search(new SearchFilter()));
        Assert.DoesNotContain("text=", empty.Query, StringComparison.Ordinal);
        Assert.DoesNotContain("labels", empty.Query, StringComparison.Ordinal);
        Assert.Contains("per_page=0", empty.Query, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Query_Walks_The_Runtime_Type_Of_A_Derived_Value()
    {
        var uri = await SentUri<IStjSearchApi>(new StjContentSerializer(), api => api.Search(Filter("derived")));

        Assert.Contains("owner=0f8fad5b-d9cb-469f-a165-70867728950e", uri.Query, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Query_Works_With_A_Source_Generated_Context()
    {
        var uri = await SentUri<IStjSearchApi>(new StjContentSerializer(SearchJsonContext.Default), api => api.Search(Filter("derived")));

        Assert.Contains("Owner=0f8fad5b-d9cb-469f-a165-70867728950e", uri.Query, StringComparison.Ordinal);
        Assert.Contains("per_page=0", uri.Query, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Converter_Refuses_Another_Serializer_With_A_Message_That_Names_The_Fix()
    {
        var ex = await Assert.ThrowsAnyAsync<Exception>(() => SentUri<IStjSearchApi>(RefitControl.Serializer(), api => api.Search(new SearchFilter())));

        var notSupported = Assert.IsType<NotSupportedException>(ex is NotSupportedException ? ex : ex.InnerException);
        Assert.Contains("StjContentSerializer", notSupported.Message, StringComparison.Ordinal);
        Assert.Contains("SystemTextJsonQueryConverter", notSupported.Message, StringComparison.Ordinal);
        Assert.Contains("(it is SystemTextJsonContentSerializer)", notSupported.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Known_Limit_Refits_Own_Query_Converter_Refuses_RefitStj()
    {
        var ex = await Assert.ThrowsAnyAsync<Exception>(() => SentUri<IRefitSearchApi>(new StjContentSerializer(), api => api.Search(new SearchFilter())));

        Assert.IsType<NotSupportedException>(ex is NotSupportedException ? ex : ex.InnerException);
    }

    [Fact]
    public void Flatten_Throws_For_Null_Settings_Or_Prefix()
    {
        Assert.Throws<ArgumentNullException>("settings", () => Flatten("", null!));
        Assert.Throws<ArgumentNullException>("keyPrefix", () => Flatten(null!, new RefitSettings()));

        static void Flatten(string prefix, RefitSettings settings)
        {
            var builder = new GeneratedQueryStringBuilder("/search");
            new StjQueryConverter<SearchFilter>().Flatten(new SearchFilter(), prefix, ref builder, settings);
        }
    }

    [Theory]
    [InlineData(CollectionFormat.Csv, "labels=bug,,ui")]
    [InlineData(CollectionFormat.Multi, "labels=bug&labels=ui")]
    public void A_Null_Item_Of_A_Collection_Is_Formatted_As_Refits_Own_Converter_Does(CollectionFormat format, string expected)
    {
        var filter = new SearchFilter { Labels = ["bug", null!, "ui"] };

        var ours = Flattened(new StjQueryConverter<SearchFilter>(), filter, new StjContentSerializer(), format);
        var refits = Flattened(new SystemTextJsonQueryConverter<SearchFilter>(), filter, RefitsSerializer(), format);

        Assert.Equal(refits, ours);
        Assert.Equal("/search?per_page=0&status=Pending&" + expected + "&archived=False", Uri.UnescapeDataString(ours));
    }

    [Fact]
    public void A_Nested_Object_Is_Flattened_Down_To_Exactly_32_Levels_As_Refits_Own_Converter_Does()
    {
        Link? chain = null;
        for (var level = 40; level >= 0; level--)
        {
            chain = new Link { Level = level, Next = chain };
        }

        var ours = Flattened(new StjQueryConverter<Link>(), chain!, new StjContentSerializer());
        var refits = Flattened(new SystemTextJsonQueryConverter<Link>(), chain!, RefitsSerializer());

        Assert.Equal(refits, ours);
        Assert.EndsWith("&" + string.Concat(Enumerable.Repeat("next.", 32)) + "level=32", ours, StringComparison.Ordinal);
        Assert.Equal(33, ours.Split('&').Length);
    }

    [Fact]
    public void Converter_Without_A_Content_Serializer_Says_It_Is_Null()
    {
        var ex = Assert.Throws<NotSupportedException>(() => Flattened(new StjQueryConverter<SearchFilter>(), new SearchFilter(), null!));

        Assert.Contains("(it is null)", ex.Message, StringComparison.Ordinal);
    }

    private static string Flattened<T>(IQueryConverter<T> converter, T value, IHttpContentSerializer serializer, CollectionFormat format = CollectionFormat.Csv)
    {
        var builder = new GeneratedQueryStringBuilder("/search");
        converter.Flatten(value, "", ref builder, new RefitSettings { ContentSerializer = serializer, CollectionFormat = format });
        return builder.Build();
    }

    // Refit's converter reads metadata from its serializer's options, which need a resolver Refit's defaults may not carry.
    private static SystemTextJsonContentSerializer RefitsSerializer() =>
        new(new JsonSerializerOptions(SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions()) { TypeInfoResolver = new DefaultJsonTypeInfoResolver() });

    private static async Task<Uri> SentUri<TApi>(IHttpContentSerializer serializer, Func<TApi, Task> call)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var client = new HttpClient(handler) { BaseAddress = new Uri("http://localhost") };
        await call(RestService.ForGenerated<TApi>(client, new RefitSettings { ContentSerializer = serializer }));
        return Assert.Single(handler.Requests).Uri!;
    }

    private sealed class Link
    {
        public int Level { get; init; }

        public Link? Next { get; init; }
    }
}
