using System.Net;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public interface IJsonTypeInfoApi
{
    [Get("/people/{id}")]
    Task<Person?> GetPerson(int id, JsonTypeInfo<Person> typeInfo);
}

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
        var refits = await SentForm(RefitControl.Serializer(), item);

        Assert.Equal(refits, ours);
    }

    [Fact]
    public void Known_Limit_UseJsonContext_Requires_Refits_Own_Serializer()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };

        // Refit checks for its own concrete type. Instead: settings.UseStjJsonContext(DropInJsonContext.Default).
        var ex = Assert.Throws<InvalidOperationException>(() => settings.UseJsonContext(DropInJsonContext.Default));

        Assert.Contains("SystemTextJsonContentSerializer", ex.Message, StringComparison.Ordinal);
        Assert.Contains(DropInJsonContext.Default, Assert.IsType<StjContentSerializer>(settings.UseStjJsonContext(DropInJsonContext.Default).ContentSerializer).Options.TypeInfoResolverChain);
    }

    [Fact]
    public async Task JsonTypeInfo_Method_Parameters_Run_On_RefitStj()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var api = Clients.For<IJsonTypeInfoApi>(handler);

        Assert.Equal(new Person("Ada", 36), await api.GetPerson(1, DropInJsonContext.Default.Person));
    }

    [Fact]
    public async Task The_Same_Call_Without_The_Parameter_Reads_Through_A_Source_Generated_Context()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(DropInJsonContext.Default) };
        var api = RestService.ForGenerated<IPeopleApi>(Clients.Http(handler), settings);

        Assert.Equal(new Person("Ada", 36), await api.GetPerson(1));
    }

    private static async Task<string> SentForm(IHttpContentSerializer serializer, FormItem item)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = RestService.ForGenerated<IFormsApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = serializer });
        await api.PostForm(item);
        return Assert.Single(handler.Requests).BodyText;
    }
}
