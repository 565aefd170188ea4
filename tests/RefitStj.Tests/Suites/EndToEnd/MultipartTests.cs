using System.Net;
using System.Text;
using Microsoft.AspNetCore.Http;
using Moq;
using Moq.Protected;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public sealed class MultipartTests
{
    [Fact]
    public async Task Multipart_Object_Part_Carries_The_Serializer_Json()
    {
        var parts = new Dictionary<string, (string? ContentType, string Body)>();
        string? wholeBody = null;
        var handler = new Mock<HttpMessageHandler>(MockBehavior.Strict);
        handler.Protected()
            .Setup<Task<HttpResponseMessage>>("SendAsync", ItExpr.IsAny<HttpRequestMessage>(), ItExpr.IsAny<CancellationToken>())
            .Returns(async (HttpRequestMessage request, CancellationToken cancellationToken) =>
            {
                // The whole body first (as a socket handler would send it), then each part again: parts must be re-readable.
                wholeBody = await request.Content!.ReadAsStringAsync(cancellationToken);
                foreach (var part in Assert.IsType<MultipartFormDataContent>(request.Content))
                {
                    var name = part.Headers.ContentDisposition!.Name!.Trim('"');
                    parts[name] = (part.Headers.ContentType?.ToString(), await part.ReadAsStringAsync(cancellationToken));
                }

                return new HttpResponseMessage(HttpStatusCode.OK);
            });
        var api = Clients.For<IFormsApi>(handler.Object);

        await api.Upload(Clients.Ada, "hello");

        Assert.Equal((Clients.JsonUtf8, Clients.PersonJson), parts["meta"]);
        Assert.Equal("hello", parts["note"].Body);
        Assert.Contains(Clients.PersonJson, wholeBody, StringComparison.Ordinal);

        // Byte for byte what the serializer writes for the part on its own.
        using var alone = new StjContentSerializer().ToHttpContent(Clients.Ada);
        Assert.Equal(await alone.ReadAsByteArrayAsync(), Encoding.UTF8.GetBytes(parts["meta"].Body));
    }

    /// <summary>
    /// A multipart body over real sockets sends what Refit's own serializer sends: the same bytes, framed the same way
    /// (chunked, since a JSON part, like Refit's JsonContent, has no length until it is written).
    /// </summary>
    [Theory]
    [InlineData(ServerProtocol.Http1)]
    [InlineData(ServerProtocol.Http2)]
    public async Task A_Multipart_Body_Sends_The_Same_Bytes_And_Framing_As_Refits_Serializer(ServerProtocol protocol)
    {
        (byte[] Body, long? Length) received = ([], null);
        await using var server = await LoopbackServer.StartAsync(
            async context =>
            {
                using var buffer = new MemoryStream();
                await context.Request.Body.CopyToAsync(buffer);
                received = (buffer.ToArray(), context.Request.ContentLength);
                context.Response.StatusCode = StatusCodes.Status204NoContent;
            },
            protocol);
        using var http = server.CreateClient();
        var meta = new Person(new string('a', 100_000), 36);

        await RestService.ForGenerated<IFormsApi>(http, RefitControl.Settings()).Upload(meta, "hello");
        var refits = received;
        await RestService.ForGenerated<IFormsApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() }).Upload(meta, "hello");

        Assert.Contains("\"name\":\"aaaa", Encoding.UTF8.GetString(refits.Body), StringComparison.Ordinal);
        Assert.Equal(refits.Length, received.Length);
        Assert.Equal(refits.Body, received.Body);
    }
}
