using System.Net;
using System.Text.Json.Serialization;
#if REFIT16_OR_GREATER
using System.Text.Json.Serialization.Metadata;
#endif
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

#if REFIT16_OR_GREATER
public interface IJsonTypeInfoApi
{
    [Get("/people/{id}")]
    Task<Person?> GetPerson(int id, JsonTypeInfo<Person> typeInfo);
}
#endif

/// <summary>
/// Every type <see cref="IPeopleApi"/> reads or writes, with Refit's default options: RSTJ001 and RSTJ002 fail the build
/// where a client pairs them otherwise.
/// </summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[] { typeof(RefitObjectConverter), typeof(RefitEnumConverter<OrderStatus>), typeof(RefitEnumConverter<Permissions>) })]
[JsonSerializable(typeof(Person))]
[JsonSerializable(typeof(List<Person>))]
[JsonSerializable(typeof(Order))]
public sealed partial class DropInJsonContext : JsonSerializerContext;

/// <summary>
/// Where Refit checks for its own serializer type, switching to RefitStj changes what a user sees: each limit README's
/// compatibility section names is pinned here, with what to do instead.
/// </summary>
public sealed class DropInLimitsTests
{
    [Fact]
    public async Task Form_Url_Encoded_Body_Is_What_Refits_Own_Serializer_Sends()
    {
        var item = new FormItem { Sku = "X-1", Quantity = 3, Both = "z" };

        var ours = await SentForm(new StjContentSerializer(), item);
        var refits = await SentForm(new SystemTextJsonContentSerializer(), item);

        Assert.Equal(refits, ours);
    }

#if REFIT16_OR_GREATER
    [Fact]
    public void Known_Limit_UseJsonContext_Requires_Refits_Own_Serializer()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };

        // Instead: new StjContentSerializer(DropInJsonContext.Default).
        Assert.Throws<InvalidOperationException>(() => settings.UseJsonContext(DropInJsonContext.Default));
    }

    [Fact]
    public async Task Known_Limit_JsonTypeInfo_Method_Parameters_Require_Refits_Own_Serializer()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var api = Clients.For<IJsonTypeInfoApi>(handler);

        // Instead: declare the type on the context given to StjContentSerializer and drop the parameter.
        var ex = await Assert.ThrowsAnyAsync<Exception>(() => api.GetPerson(1, DropInJsonContext.Default.Person));

        Assert.IsType<InvalidOperationException>(ex as InvalidOperationException ?? ex.InnerException);
    }

    [Fact]
    public async Task The_Same_Call_Without_The_Parameter_Reads_Through_A_Source_Generated_Context()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(DropInJsonContext.Default) };
        var api = RestService.For<IPeopleApi>(Clients.Http(handler), settings);

        Assert.Equal(new Person("Ada", 36), await api.GetPerson(1));
    }
#endif

    private static async Task<string> SentForm(IHttpContentSerializer serializer, FormItem item)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = RestService.For<IFormsApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = serializer });
        await api.PostForm(item);
        return Assert.Single(handler.Requests).BodyText;
    }
}
