using System.Net;
using System.Text;
using Moq;
using Moq.Protected;

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
}
