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
    public async Task Response_With_A_Content_Length_Of_Zero_Is_Null_With_Both()
    {
        static StubHandler Empty() => Clients.Answering(HttpStatusCode.OK, "");

        Assert.Null(await Clients.For<IPeopleApi>(Empty()).GetPerson(1));
        Assert.Null(await Builtin(Empty()).GetPerson(1));
    }

    private static IPeopleApi Builtin(StubHandler handler) =>
        RestService.For<IPeopleApi>(Clients.Http(handler), new RefitSettings { ContentSerializer = new SystemTextJsonContentSerializer() });
}
