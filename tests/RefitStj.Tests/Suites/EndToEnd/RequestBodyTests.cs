using System.Net;
using System.Text;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public sealed class RequestBodyTests
{
    private static readonly int s_sampleOrderLength = Encoding.UTF8.GetByteCount(WireCompatibilityTests.DefaultSampleOrderJson);

    /// <summary>The one request sent was <paramref name="method"/> with exactly <see cref="Clients.PersonJson"/> as UTF-8 JSON.</summary>
    private static SentRequest AssertSentPersonJson(StubHandler handler, HttpMethod method)
    {
        var sent = Assert.Single(handler.Requests);
        Assert.Equal(method, sent.Method);
        Assert.Equal(Clients.JsonUtf8, sent.ContentType);

        // Compared as text first for a readable failure, then as bytes.
        Assert.Equal(Clients.PersonJson, sent.BodyText);
        Assert.Equal(Encoding.UTF8.GetBytes(Clients.PersonJson), sent.Body);
        return sent;
    }

    [Fact]
    public async Task Post_Body_Sends_Exact_Json_And_Reads_The_Reply()
    {
        var handler = Clients.Answering(HttpStatusCode.Created, """{"name":"Ada","age":37}""");
        var api = Clients.For<IPeopleApi>(handler);

        var created = await api.CreatePerson(Clients.Ada);

        Assert.Equal(new Person("Ada", 37), created);
        AssertSentPersonJson(handler, HttpMethod.Post);
    }

    [Fact]
    public async Task Put_Body_Sends_Exact_Json()
    {
        var handler = StubHandler.Returning(HttpStatusCode.NoContent);
        var api = Clients.For<IPeopleApi>(handler);

        await api.UpdatePerson(3, Clients.Ada);

        var sent = AssertSentPersonJson(handler, HttpMethod.Put);
        Assert.Equal("/people/3", sent.Uri!.AbsolutePath);
    }

    [Fact]
    public async Task Patch_Body_Sends_Exact_Json()
    {
        var handler = Clients.Answering(HttpStatusCode.OK, Clients.PersonJson);
        var api = Clients.For<IPeopleApi>(handler);

        var patched = await api.PatchPerson(3, new Person("Ada", 36));

        Assert.Equal(Clients.Ada, patched);
        AssertSentPersonJson(handler, HttpMethod.Patch);
    }

    [Fact]
    public async Task Post_Order_Sends_The_Sample_Order_Json_Without_Bom()
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = Clients.For<IOrdersApi>(handler);

        await api.PostOrder(Bodies.SampleOrder());

        var sent = Assert.Single(handler.Requests);
        Assert.Equal(WireCompatibilityTests.DefaultSampleOrderJson, sent.BodyText);
        Assert.NotEqual(0xEF, sent.Body![0]);
    }

    [Fact]
    public async Task Post_Order_Round_Trips_Through_Server_Echo()
    {
        var handler = new StubHandler(request =>
        {
            // Reads the request content a second time (the stub drained it once already) and sends it back.
            var echo = new MemoryStream();
            request.Content!.CopyTo(echo, context: null, CancellationToken.None);
            return new HttpResponseMessage(HttpStatusCode.OK) { Content = new ByteArrayContent(echo.ToArray()) };
        });
        var api = Clients.For<IOrdersApi>(handler, s => s.RequestBodySerialization = RequestBodySerializationMode.Buffered);

        var echoed = await api.PostOrderAndEcho(Bodies.SampleOrder());

        ResponseReadingTests.AssertIsSampleOrder(echoed);
    }

    /// <summary>
    /// What Refit does (read in 15.2.0; these tests run on 16.3.0 and 16.4.0) with a <c>[Body]</c> (GeneratedRequestRunner.CreateBodyContent / CreateSerializedBodyContent
    /// and RequestExecutionHelpers.PrepareRequestAsync):
    /// <list type="bullet">
    /// <item>Default mode calls ToHttpContent; unless the body is buffered (RefitSettings.Buffered or [Body(buffered: true)])
    /// Refit copies it into its PushStreamContent, which has no length: chunked.</item>
    /// <item>Buffered mode calls ToHttpContentSynchronous and sends that content as is (never re-streamed): it has a length.</item>
    /// <item>Streamed mode calls ToStreamingHttpContent, sent as is: no length, unless the body is buffered, when Refit's
    /// LoadIntoBufferAsync gives it one.</item>
    /// </list>
    /// </summary>
    [Theory]
    [InlineData(RequestBodySerializationMode.Default, false, BodyAttributeBuffering.None, false)]
    [InlineData(RequestBodySerializationMode.Default, true, BodyAttributeBuffering.None, true)]
    [InlineData(RequestBodySerializationMode.Default, false, BodyAttributeBuffering.Buffered, true)]
    [InlineData(RequestBodySerializationMode.Default, true, BodyAttributeBuffering.Unbuffered, false)]
    [InlineData(RequestBodySerializationMode.Buffered, false, BodyAttributeBuffering.None, true)]
    [InlineData(RequestBodySerializationMode.Buffered, true, BodyAttributeBuffering.None, true)]
    [InlineData(RequestBodySerializationMode.Buffered, false, BodyAttributeBuffering.Unbuffered, true)]
    [InlineData(RequestBodySerializationMode.Streamed, false, BodyAttributeBuffering.None, false)]
    [InlineData(RequestBodySerializationMode.Streamed, false, BodyAttributeBuffering.Unbuffered, false)]
    [InlineData(RequestBodySerializationMode.Streamed, true, BodyAttributeBuffering.None, true)]
    [InlineData(RequestBodySerializationMode.Streamed, false, BodyAttributeBuffering.Buffered, true)]
    public async Task Body_Serialization_Mode_Decides_Content_Length_And_Body_Is_Exact(
        RequestBodySerializationMode mode,
        bool settingsBuffered,
        BodyAttributeBuffering flag,
        bool expectLength)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = Clients.For<IOrdersApi>(handler, s =>
        {
            s.RequestBodySerialization = mode;
            s.Buffered = settingsBuffered;
        });

        var order = Bodies.SampleOrder();
        await (flag switch
        {
            BodyAttributeBuffering.Buffered => api.PostOrderBuffered(order),
            BodyAttributeBuffering.Unbuffered => api.PostOrderUnbuffered(order),
            _ => api.PostOrder(order),
        });

        var sent = Assert.Single(handler.Requests);
        Assert.Equal(expectLength ? s_sampleOrderLength : null, sent.DeclaredLength);
        Assert.Equal(Clients.JsonUtf8, sent.ContentType);
        Assert.Equal(WireCompatibilityTests.DefaultSampleOrderJson, sent.BodyText);
    }

    [Theory]
    [InlineData(RequestBodySerializationMode.Default)]
    [InlineData(RequestBodySerializationMode.Buffered)]
    [InlineData(RequestBodySerializationMode.Streamed)]
    public async Task Body_Is_Sent_Identically_In_Every_Mode_On_A_Reused_Client(RequestBodySerializationMode mode)
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = Clients.For<IPeopleApi>(handler, s => s.RequestBodySerialization = mode);

        for (var i = 0; i < 3; i++)
        {
            await api.UpdatePerson(i, new Person("P" + i, i));
        }

        Assert.Equal(
            ["""{"name":"P0","age":0}""", """{"name":"P1","age":1}""", """{"name":"P2","age":2}"""],
            handler.Requests.Select(r => r.BodyText));
    }

    [Theory]
    [InlineData(RequestBodySerializationMode.Default, false)]
    [InlineData(RequestBodySerializationMode.Default, true)]
    [InlineData(RequestBodySerializationMode.Buffered, false)]
    [InlineData(RequestBodySerializationMode.Streamed, false)]
    public async Task CaptureRequestContent_Captures_The_Json_And_Still_Sends_It(RequestBodySerializationMode mode, bool buffered)
    {
        var handler = Clients.Answering(HttpStatusCode.BadRequest, """{"name":"nope","age":0}""");
        var api = Clients.For<IOrdersApi>(handler, s =>
        {
            s.CaptureRequestContent = true;
            s.RequestBodySerialization = mode;
            s.Buffered = buffered;
        });

        var ex = await Assert.ThrowsAsync<ApiException>(() => api.PostOrder(Bodies.SampleOrder()));

        Assert.Equal(WireCompatibilityTests.DefaultSampleOrderJson, ex.RequestContent);
        var sent = Assert.Single(handler.Requests);
        Assert.Equal(WireCompatibilityTests.DefaultSampleOrderJson, sent.BodyText);
        Assert.Equal(Clients.JsonUtf8, sent.ContentType);

        // Capturing reads the content into memory first, so its length is known by the time it is sent.
        Assert.Equal(s_sampleOrderLength, sent.DeclaredLength);
    }

    [Fact]
    public async Task Form_Url_Encoded_Body_Uses_JsonPropertyName_Via_GetFieldNameForProperty()
    {
        var handler = StubHandler.Returning(HttpStatusCode.OK);
        var api = Clients.For<IFormsApi>(handler);

        await api.PostForm(new FormItem { Sku = "X-1", Quantity = 3, Both = "z" });

        var sent = Assert.Single(handler.Requests);
        Assert.Equal("application/x-www-form-urlencoded", sent.ContentType);
        Assert.Equal("sku_code=X-1&Quantity=3&alias_wins=z", sent.BodyText);
    }

    public enum BodyAttributeBuffering
    {
        None,
        Buffered,
        Unbuffered,
    }
}
