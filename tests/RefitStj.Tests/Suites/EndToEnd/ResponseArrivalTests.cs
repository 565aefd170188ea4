using System.Net;
using System.Text;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>Responses whose body arrives slowly, in another character set, or after the caller has given up.</summary>
public sealed class ResponseArrivalTests
{
    [Fact]
    public async Task Slow_Chunked_Body_Is_Read_Completely()
    {
        // TrickleStream hands out three bytes per asynchronous read and refuses synchronous reads.
        // The sample order is Refit 16's wire (string enums): read it as that line's users (CreateRefit16Options on 17).
        var api = Clients.For<IPeopleApi>(Clients.Trickling(HttpStatusCode.OK, Bodies.SampleOrderJson, chunk: 3), s => s.ContentSerializer = Refit16Wire.Serializer());

        var order = await api.GetOrder(7);

        ResponseReadingTests.AssertIsSampleOrder(order);
    }

    [Fact]
    public async Task Slow_Chunked_List_Body_Is_Read_Completely()
    {
        var json = "[" + string.Join(",", Enumerable.Range(0, 200).Select(i => $$"""{"name":"p{{i}}","age":{{i}}}""")) + "]";
        var api = Clients.For<IPeopleApi>(Clients.Trickling(HttpStatusCode.OK, json, chunk: 5));

        var people = await api.GetPeople();

        Assert.NotNull(people);
        Assert.Equal(200, people.Count);
        Assert.Equal(new Person("p199", 199), people[^1]);
    }

    [Fact]
    public async Task Slow_Chunked_Body_Reaches_ApiResponse_Content()
    {
        var api = Clients.For<IPeopleApi>(Clients.Trickling(HttpStatusCode.OK, Clients.PersonJson, chunk: 1));

        using var response = await api.GetPersonResponse(1);

        Assert.Equal(Clients.Ada, response.Content);
    }

    [Fact]
    public async Task Unbuffered_Slow_Body_Is_Read_Asynchronously_By_The_Serializer()
    {
        // What a Refit that does not buffer first (before 11.2) would hand over: a live, non-seekable response stream.
        var stream = new TrickleStream(Encoding.UTF8.GetBytes(Bodies.SampleOrderJson), chunk: 2);
        using var content = new StreamContent(stream);
        content.Headers.ContentType = new("application/json");

        var order = await Refit16Wire.Serializer().FromHttpContentAsync<Order>(content);

        ResponseReadingTests.AssertIsSampleOrder(order);
        Assert.True(stream.AsyncReads > Bodies.SampleOrderJson.Length / 2);
    }

    [Fact]
    public async Task Non_Utf8_Charset_Is_Transcoded()
    {
        var latin1 = Encoding.Latin1;
        var api = Clients.For<IPeopleApi>(new StubHandler(_ =>
        {
            var content = new ByteArrayContent(latin1.GetBytes("""{"name":"Zoë","age":7}"""));
            content.Headers.ContentType = new("application/json") { CharSet = "iso-8859-1" };
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = content };
        }));

        Assert.Equal(new Person("Zoë", 7), await api.GetPerson(1));
    }

    [Fact]
    public async Task Already_Cancelled_Token_Throws_OperationCanceledException()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var api = Clients.For<IPeopleApi>(handler);
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => api.GetPerson(1, cts.Token));
    }

    [Fact]
    public async Task Token_Cancelled_While_Body_Is_Arriving_Throws_OperationCanceledException()
    {
        using var cts = new CancellationTokenSource();
        var api = Clients.For<IPeopleApi>(new StubHandler(_ =>
        {
            // The headers have arrived; the caller gives up before the body does.
            cts.Cancel();
            return new HttpResponseMessage(HttpStatusCode.OK)
            {
                Content = Bodies.Streamed(Encoding.UTF8.GetBytes(Clients.PersonJson), chunk: 1),
            };
        }));

        // Not wrapped in an ApiException: Refit rethrows cancellation as is, and so must the serializer.
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => api.GetPerson(1, cts.Token));
    }

    [Fact]
    public async Task Serializer_Reading_An_Unbuffered_Body_Honours_Cancellation()
    {
        // Refit buffers before the serializer sees the body, so this is the serializer's own share of cancellation.
        using var content = Bodies.Streamed(Encoding.UTF8.GetBytes(Bodies.SampleOrderJson), chunk: 1);
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(
            () => new StjContentSerializer().FromHttpContentAsync<Order>(content, cts.Token));
    }
}
