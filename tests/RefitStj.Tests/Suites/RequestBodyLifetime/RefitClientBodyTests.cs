using System.Net;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

public interface IBodyLifetimeApi
{
    [Post("/bodies")]
    Task Post([Body] Person body);

    [Post("/bodies")]
    Task PostBuffered([Body(buffered: true)] Person body);

    [Post("/bodies")]
    Task PostWithTypeInfo([Body] Person body, JsonTypeInfo<Person> typeInfo);

    [Post("/bodies")]
    Task PostBufferedWithTypeInfo([Body(buffered: true)] Person body, JsonTypeInfo<Person> typeInfo);
}

/// <summary>
/// Real Refit clients in every body mode, through the library's pool seam: each body goes out exactly, and no array is
/// left rented after the call, including in Refit's default mode, which copies the content once and never disposes it
/// (RefitStj's content there writes through System.Text.Json's own buffer and rents nothing).
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class RefitClientBodyTests
{
    private static readonly Person s_body = new(new string('r', 137_000), 7);

    private static readonly string s_json = $$"""{"name":"{{s_body.Name}}","age":7}""";

    public static TheoryData<string> Modes => ["default", "settings buffered", "[Body(buffered: true)]", "serialization buffered", "serialization streamed"];

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task Every_Mode_Sends_The_Exact_Body_And_Leaves_No_Array_Rented(string mode)
    {
        using var pool = new CountingPool(poison: true);
        var handler = StubHandler.Returning(HttpStatusCode.NoContent);
        var api = Clients.For<IBodyLifetimeApi>(handler, settings => Configure(settings, mode));

        for (var i = 0; i < 3; i++)
        {
            await (mode == "[Body(buffered: true)]" ? api.PostBuffered(s_body) : api.Post(s_body));
        }

        Assert.All(handler.Requests, sent => Assert.Equal(s_json, sent.BodyText));
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public async Task A_JsonTypeInfo_Body_Goes_Through_The_Pool_Exactly_And_Leaves_No_Array_Rented(string mode)
    {
        using var pool = new CountingPool(poison: true);
        var handler = StubHandler.Returning(HttpStatusCode.NoContent);
        var api = Clients.For<IBodyLifetimeApi>(handler, settings => Configure(settings, mode));

        for (var i = 0; i < 3; i++)
        {
            await (mode == "[Body(buffered: true)]"
                ? api.PostBufferedWithTypeInfo(s_body, DropInJsonContext.Default.Person)
                : api.PostWithTypeInfo(s_body, DropInJsonContext.Default.Person));
        }

        Assert.All(handler.Requests, sent => Assert.Equal(s_json, sent.BodyText));
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);

        // RefitStj's synchronous mode serializes into pooled memory: the body was RefitStj's, not Refit's. The others write
        // this body (larger than one chunk) while it is sent, through System.Text.Json's own bounded buffer.
        Assert.Equal(mode == "serialization buffered", pool.Rented >= 3);
    }

    [Theory]
    [InlineData(RequestBodySerializationMode.Default)]
    [InlineData(RequestBodySerializationMode.Buffered)]
    public async Task A_Handler_That_Sends_The_Same_Request_Twice_Sends_The_Same_Body_Twice(RequestBodySerializationMode mode)
    {
        using var pool = new CountingPool(poison: true);
        var stub = StubHandler.Returning(HttpStatusCode.NoContent);
        var api = RestService.ForGenerated<IBodyLifetimeApi>(
            Clients.Http(new SendsTwice(stub)),
            new RefitSettings { ContentSerializer = new StjContentSerializer(), RequestBodySerialization = mode });

        await api.Post(s_body);

        Assert.Equal(2, stub.Requests.Count);
        Assert.All(stub.Requests, sent => Assert.Equal(s_json, sent.BodyText));
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    [Fact]
    public async Task CaptureRequestContent_Captures_And_Sends_The_Exact_Body_And_Leaves_No_Array_Rented()
    {
        using var pool = new CountingPool(poison: true);
        var handler = StubHandler.Returning(HttpStatusCode.BadRequest);
        var api = Clients.For<IBodyLifetimeApi>(handler, settings => settings.CaptureRequestContent = true);

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.Post(s_body));

        Assert.Equal(s_json, ex.RequestContent);
        Assert.Equal(s_json, Assert.Single(handler.Requests).BodyText);
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public async Task A_Multipart_Part_Goes_Out_Exactly_And_Is_Given_Back()
    {
        using var pool = new CountingPool(poison: true);
        var handler = StubHandler.Returning(HttpStatusCode.NoContent);
        var api = Clients.For<IFormsApi>(handler);

        await api.Upload(s_body, "note");

        Assert.Contains(s_json, Assert.Single(handler.Requests).BodyText, StringComparison.Ordinal);
        Assert.Equal(0, pool.Outstanding);
    }

    internal static void Configure(RefitSettings settings, string mode)
    {
        switch (mode)
        {
            case "settings buffered":
                settings.Buffered = true;
                break;
            case "serialization buffered":
                settings.RequestBodySerialization = RequestBodySerializationMode.Buffered;
                break;
            case "serialization streamed":
                settings.RequestBodySerialization = RequestBodySerializationMode.Streamed;
                break;
        }
    }

    /// <summary>Sends every request twice, as a retrying handler does after a failure, and answers with the second response.</summary>
    private sealed class SendsTwice(HttpMessageHandler inner) : DelegatingHandler(inner)
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            (await base.SendAsync(request, cancellationToken)).Dispose();
            return await base.SendAsync(request, cancellationToken);
        }
    }
}
