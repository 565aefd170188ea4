using System.Net;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Refit 10.2+ hands the serializer the declared parameter type. StjContentSerializer writes an interface or abstract
/// declared type by the runtime type (unless it carries polymorphism metadata) in every body mode.
/// </summary>
public sealed class PolymorphicBodyTests
{
    public static TheoryData<RequestBodySerializationMode> Modes { get; } =
    [
        RequestBodySerializationMode.Default,
        RequestBodySerializationMode.Buffered,
        RequestBodySerializationMode.Streamed,
    ];

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Interface_Parameter_Is_Written_By_Runtime_Type(RequestBodySerializationMode mode)
    {
        var (api, handler) = Create(mode);

        await api.PostShape(new Circle { Radius = 2.5 });

        Assert.Equal("""{"kind":"circle","radius":2.5}""", Assert.Single(handler.Requests).BodyText);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Abstract_Parameter_Is_Written_By_Runtime_Type(RequestBodySerializationMode mode)
    {
        var (api, handler) = Create(mode);

        await api.PostAnimal(new Dog { Name = "Rex", GoodBoy = true });

        Assert.Equal("""{"goodBoy":true,"name":"Rex"}""", Assert.Single(handler.Requests).BodyText);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task JsonPolymorphic_Parameter_Writes_The_Discriminator(RequestBodySerializationMode mode)
    {
        var (api, handler) = Create(mode);

        await api.PostVehicle(new Car { Make = "Saab", Wheels = 4 });
        await api.PostVehicle(new Bike { Electric = true, Wheels = 2 });

        Assert.Equal(
            ["""{"$type":"car","make":"Saab","wheels":4}""", """{"$type":"bike","electric":true,"wheels":2}"""],
            handler.Requests.Select(r => r.BodyText));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Object_Parameter_Is_Written_By_Runtime_Type(RequestBodySerializationMode mode)
    {
        var (api, handler) = Create(mode);

        await api.PostObject(new Person("Ada", 36));
        await api.PostObject(new Envelope { Payload = new Dictionary<string, int> { ["a"] = 1 } });
        await api.PostObject(new object());

        Assert.Equal(
            [Clients.PersonJson, """{"payload":{"a":1}}""", "{}"],
            handler.Requests.Select(r => r.BodyText));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Polymorphic_Bodies_In_Every_Mode_Match_What_Refit_Builtin_Sends_In_Default_Mode(RequestBodySerializationMode mode)
    {
        // Refit's own serializer writes runtime types too, but only through ToHttpContent (Default mode); see
        // KnownDifferencesTests for what it writes in the Buffered and Streamed modes.
        var (ours, ourHandler) = Create(mode);
        var builtinHandler = StubHandler.Returning(HttpStatusCode.OK);
        var builtin = RestService.ForGenerated<IPolymorphicApi>(
            Clients.Http(builtinHandler),
            new RefitSettings { ContentSerializer = RefitControl.Serializer() });

        foreach (var api in new[] { ours, builtin })
        {
            await api.PostShape(new Circle { Radius = 1 });
            await api.PostAnimal(new Dog { Name = "Rex" });
            await api.PostVehicle(new Car { Make = "Saab" });
            await api.PostObject(Bodies.SampleOrder());
        }

        Assert.Equal(builtinHandler.Requests.Select(r => r.BodyText), ourHandler.Requests.Select(r => r.BodyText));
    }

    private static (IPolymorphicApi Api, StubHandler Handler) Create(RequestBodySerializationMode mode)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        return (Clients.For<IPolymorphicApi>(handler, s => s.RequestBodySerialization = mode), handler);
    }
}
