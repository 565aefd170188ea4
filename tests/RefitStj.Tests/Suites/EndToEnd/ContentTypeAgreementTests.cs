using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public sealed record Parcel(int Id, string Label);

public interface IParcelApi
{
    [Get("/parcel")]
    Task<Parcel> GetParcel();
}

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Parcel))]
internal sealed partial class ParcelContext : JsonSerializerContext;

/// <summary>
/// Content-Type values as servers and proxies send them, read over Kestrel (HTTP/1.1 and h2c) through generated Refit
/// clients: RefitStj (reflection and a context, with and without the limit handler) reads what Refit's serializer reads,
/// because both take the charset from HttpClient's parse of the header, and a value that does not parse means UTF-8.
/// </summary>
public sealed class ContentTypeAgreementTests
{
    private static readonly Parcel s_expected = new(7, "Zoë & co — 配達");

    public static TheoryData<string, ServerProtocol> Variants()
    {
        var data = new TheoryData<string, ServerProtocol>();
        foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
        {
            foreach (var contentType in new[]
            {
                "application/json; charset=",
                "application/json; charset=utf-8, application/json; charset=utf-8",
                "application/json; charset=utf-8 (x)",
                "application/json; charset=\"utf-8",
                "application/json; foo=\"a;charset=utf-16\"",
                "application/json;;charset=utf-16",
                "application/json;charset=utf-16;",
                "application/json; charset=utf-8",
                "text/plain; charset=\"UTF-8\"",
            })
            {
                data.Add(contentType, protocol);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public async Task A_Utf8_Body_Reads_As_With_Refit_Serializer_Whatever_The_Content_Type_Says(string contentType, ServerProtocol protocol)
    {
        await using var server = await StartAsync(contentType, Encoding.UTF8, protocol);

        Assert.Equal(s_expected, await Api(server, RefitControl.Settings(), limit: false).GetParcel());
        foreach (var serializer in new[] { new StjContentSerializer(), new StjContentSerializer(ParcelContext.Default) })
        {
            foreach (var limit in new[] { false, true })
            {
                Assert.Equal(s_expected, await Api(server, new RefitSettings { ContentSerializer = serializer }, limit).GetParcel());
            }
        }
    }

    [Theory]
    [InlineData("application/json; charset=utf-16", ServerProtocol.Http1)]
    [InlineData("application/json; charset=\"utf-16\"", ServerProtocol.Http2)]
    [InlineData("application/json; foo=\"a;charset=utf-8\"; charset=utf-16", ServerProtocol.Http1)]
    public async Task A_Utf16_Body_Named_By_A_Parsed_Charset_Reads_As_With_Refit_Serializer(string contentType, ServerProtocol protocol)
    {
        await using var server = await StartAsync(contentType, Encoding.Unicode, protocol);

        Assert.Equal(s_expected, await Api(server, RefitControl.Settings(), limit: false).GetParcel());
        Assert.Equal(s_expected, await Api(server, new RefitSettings { ContentSerializer = new StjContentSerializer() }, limit: true).GetParcel());
        Assert.Equal(s_expected, await Api(server, new RefitSettings { ContentSerializer = new StjContentSerializer(ParcelContext.Default) }, limit: false).GetParcel());
    }

    private static Task<LoopbackServer> StartAsync(string contentType, Encoding encoding, ServerProtocol protocol)
    {
        var body = encoding.GetBytes("""{"id":7,"label":"Zoë & co — 配達"}""");
        return LoopbackServer.StartAsync(
            async context =>
            {
                // Set raw: the server sends the value as given, as a proxy that folds or a framework that writes it would.
                context.Response.Headers.ContentType = contentType;
                await context.Response.Body.WriteAsync(body);
            },
            protocol);
    }

    private static IParcelApi Api(LoopbackServer server, RefitSettings settings, bool limit) =>
        RestService.ForGenerated<IParcelApi>(
            limit ? server.CreateClient(new ResponseSizeLimitHandler(1024 * 1024, new SocketsHttpHandler())) : server.CreateClient(),
            settings);
}
