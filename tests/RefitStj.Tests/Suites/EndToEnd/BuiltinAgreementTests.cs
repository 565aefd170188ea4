using System.Net;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// What README says Refit's built-in serializer does where the two agree, checked against the built-in through a Refit
/// client, so a claim of a difference that is not one fails here.
/// </summary>
public sealed class BuiltinAgreementTests
{
    [Fact]
    public async Task Response_Starting_With_A_Byte_Order_Mark_Reads_With_Both()
    {
        static StubHandler WithBom() => Clients.Answering(HttpStatusCode.OK, "\uFEFF" + Clients.PersonJson);

        Assert.Equal(Clients.Ada, await Clients.For<IPeopleApi>(WithBom()).GetPerson(1));
        Assert.Equal(Clients.Ada, await Builtin(WithBom()).GetPerson(1));
    }

    [Fact]
    public async Task Empty_And_Whitespace_Bodies_Fail_With_Both_Through_The_Serializer_And_As_Strings()
    {
        var ours = new StjContentSerializer();
        var builtin = RefitControl.Serializer();
        foreach (var body in new[] { "", " ", "\r\n\t" })
        {
            // Chunked (no Content-Length): a compressed body cut after its first bytes decodes to such a body.
            await Assert.ThrowsAnyAsync<System.Text.Json.JsonException>(() => ours.FromHttpContentAsync<Person>(new StreamContent(new TrickleStream(System.Text.Encoding.UTF8.GetBytes(body)))));
            await Assert.ThrowsAnyAsync<System.Text.Json.JsonException>(() => builtin.FromHttpContentAsync<Person>(new StreamContent(new TrickleStream(System.Text.Encoding.UTF8.GetBytes(body)))));
            Assert.ThrowsAny<System.Text.Json.JsonException>(() => ours.DeserializeFromString<Person>(body));
            Assert.ThrowsAny<System.Text.Json.JsonException>(() => builtin.DeserializeFromString<Person>(body));
        }
    }

    [Fact]
    public async Task Chunked_Empty_Response_Through_Refit_Is_An_ApiException_With_Both()
    {
        static StubHandler EmptyChunked() => new(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = new StreamContent(new TrickleStream([])) });

        var ours = await Assert.ThrowsAsync<ApiException>(() => Clients.For<IPeopleApi>(EmptyChunked()).GetPerson(1));
        var theirs = await Assert.ThrowsAsync<ApiException>(() => Builtin(EmptyChunked()).GetPerson(1));

        Assert.IsAssignableFrom<System.Text.Json.JsonException>(ours.InnerException);
        Assert.IsAssignableFrom<System.Text.Json.JsonException>(theirs.InnerException);
    }

    [Fact]
    public async Task Response_With_A_Content_Length_Of_Zero_Is_Null_With_Both()
    {
        static StubHandler Empty() => Clients.Answering(HttpStatusCode.OK, "");

        Assert.Null(await Clients.For<IPeopleApi>(Empty()).GetPerson(1));
        Assert.Null(await Builtin(Empty()).GetPerson(1));
    }

    private static IPeopleApi Builtin(StubHandler handler) =>
        RestService.ForGenerated<IPeopleApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = RefitControl.Serializer() });
}
