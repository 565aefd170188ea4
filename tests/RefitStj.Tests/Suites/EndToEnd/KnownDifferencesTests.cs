using System.Net;
using System.Text.Json;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Where StjContentSerializer and Refit's built-in serializer (16.3.0 and 16.4.0 in CI) knowingly disagree. Each test pins both sides, so
/// a change on either side (a library fix toward parity, or a Refit upgrade) shows up here.
/// </summary>
public sealed class KnownDifferencesTests
{
    private readonly StjContentSerializer _ours = new();
    private readonly SystemTextJsonContentSerializer _builtin = RefitControl.Serializer();

    [Fact]
    public async Task Synchronous_And_Streamed_Interface_Bodies_Use_Runtime_Type_Where_Builtin_Writes_Declared_Members()
    {
        IShape shape = new Circle { Radius = 2 };

        Assert.Equal("""{"kind":"circle","radius":2}""", await Bodies.TextOf(_ours.ToHttpContentSynchronous(shape)));
        Assert.Equal("""{"kind":"circle","radius":2}""", await Bodies.TextOf(_ours.ToStreamingHttpContent(shape)));
        Assert.Equal("""{"kind":"circle"}""", await Bodies.TextOf(_builtin.ToHttpContentSynchronous(shape)));
        Assert.Equal("""{"kind":"circle"}""", await Bodies.TextOf(_builtin.ToStreamingHttpContent(shape)));

        // Both agree on the asynchronous path (Refit's Default mode).
        Assert.Equal(await Bodies.TextOf(_builtin.ToHttpContent(shape)), await Bodies.TextOf(_ours.ToHttpContent(shape)));
    }

    [Fact]
    public async Task Synchronous_And_Streamed_Abstract_Bodies_Use_Runtime_Type_Where_Builtin_Writes_Declared_Members()
    {
        Animal animal = new Dog { Name = "Rex", GoodBoy = true };

        Assert.Equal("""{"goodBoy":true,"name":"Rex"}""", await Bodies.TextOf(_ours.ToHttpContentSynchronous(animal)));
        Assert.Equal("""{"goodBoy":true,"name":"Rex"}""", await Bodies.TextOf(_ours.ToStreamingHttpContent(animal)));
        Assert.Equal("""{"name":"Rex"}""", await Bodies.TextOf(_builtin.ToHttpContentSynchronous(animal)));
        Assert.Equal("""{"name":"Rex"}""", await Bodies.TextOf(_builtin.ToStreamingHttpContent(animal)));
    }

    [Theory]
    [InlineData(HttpStatusCode.BadRequest, """{"title":"Invalid","status":400,"errors":{"Name":["Required."]}}""")]
    [InlineData(HttpStatusCode.NotFound, """{"title":"Not Found","status":404}""")]
    public async Task Problem_Json_Over_A_Context_Is_A_ValidationApiException_Where_Builtin_Over_A_Context_Gives_ApiException(HttpStatusCode status, string problem)
    {
        StubHandler Problem() => new(_ => new HttpResponseMessage(status) { Content = new StringContent(problem, System.Text.Encoding.UTF8, "application/problem+json") });
        var ours = RestService.ForGenerated<IProjectApi>(Clients.Http(Problem()), new RefitSettings(new StjContentSerializer(ProjectContext.Default)));
        var builtin = RestService.ForGenerated<IProjectApi>(Clients.Http(Problem()), new RefitSettings(SystemTextJsonContentSerializer.ForContext(ProjectContext.Default)));

        var ourError = await Assert.ThrowsAsync<ValidationApiException>(() => ours.GetProject());
#if REFIT17
        // Refit 17 parses problem+json itself (the serializer is not asked), so over a context both give the same.
        var builtinError = await Assert.ThrowsAsync<ValidationApiException>(() => builtin.GetProject());
        Assert.Equal((int)status, builtinError.Content!.Status);
#else
        var builtinError = await Assert.ThrowsAsync<ApiException>(() => builtin.GetProject());
#endif

        Assert.Equal((int)status, ourError.Content!.Status);
        Assert.Equal(status, builtinError.StatusCode);
    }

    [Fact]
    public void String_Starting_With_A_Byte_Order_Mark_Reads_Where_Builtin_Throws()
    {
        const string json = "\uFEFF{\"name\":\"Ada\",\"age\":36}";

        Assert.Equal(Clients.Ada, _ours.DeserializeFromString<Person>(json));
        Assert.ThrowsAny<JsonException>(() => _builtin.DeserializeFromString<Person>(json));
    }

    // The enum differences below are Refit 16's string-enum converter's; Refit 17 has none (enums are numbers on both sides).
    [Fact]
    public async Task Numeric_Enum_Dictionary_Key_Reads_Where_Builtin_Throws()
    {
        // Both write an undeclared key as its number; only StjContentSerializer reads it back.
        var dictionary = new Dictionary<OrderStatus, int> { [(OrderStatus)42] = 1 };
        var written = await Bodies.TextOf(_builtin.ToHttpContent(dictionary));
        Assert.Equal("""{"42":1}""", written);
        Assert.Equal(written, await Bodies.TextOf(_ours.ToHttpContent(dictionary)));

        Assert.Equal(1, _ours.DeserializeFromString<Dictionary<OrderStatus, int>>(written)![(OrderStatus)42]);
#if REFIT17
        // System.Text.Json's own enum key converter reads the number: on 17 the difference is closed.
        Assert.Equal(1, _builtin.DeserializeFromString<Dictionary<OrderStatus, int>>(written)![(OrderStatus)42]);
        Assert.Equal(1, Refit16Wire.Serializer().DeserializeFromString<Dictionary<OrderStatus, int>>(written)![(OrderStatus)42]);
#else
        Assert.ThrowsAny<JsonException>(() => _builtin.DeserializeFromString<Dictionary<OrderStatus, int>>(written));
#endif
    }

    [Fact]
    public void Out_Of_Range_Enum_Number_Throws_JsonException_Where_Builtin_Throws_OverflowException()
    {
        Assert.ThrowsAny<JsonException>(() => _ours.DeserializeFromString<OrderStatus>("99999999999"));
        Assert.ThrowsAny<JsonException>(() => _ours.DeserializeFromString<Permissions>("256"));
#if REFIT17
        // System.Text.Json's own enum converter refuses it with a JsonException, as RefitStj does on either wire.
        Assert.ThrowsAny<JsonException>(() => _builtin.DeserializeFromString<OrderStatus>("99999999999"));
        Assert.ThrowsAny<JsonException>(() => _builtin.DeserializeFromString<Permissions>("256"));
        Assert.ThrowsAny<JsonException>(() => Refit16Wire.Serializer().DeserializeFromString<OrderStatus>("99999999999"));
        Assert.ThrowsAny<JsonException>(() => Refit16Wire.Serializer().DeserializeFromString<Permissions>("256"));
#else
        Assert.Throws<OverflowException>(() => _builtin.DeserializeFromString<OrderStatus>("99999999999"));
        Assert.Throws<OverflowException>(() => _builtin.DeserializeFromString<Permissions>("256"));
#endif
    }

#if NET9_0_OR_GREATER
    [Fact]
    public async Task Member_Name_Equal_To_Another_Members_Declared_Name_Reads_As_The_Named_Member_Where_Builtin_Reads_The_Declared_One()
    {
        var ours = Refit16Wire.Serializer();

        // Both write First as "Second" and Second as "second" (on 17, RefitStj over 16's wire; Refit's default writes numbers).
        Assert.Equal("""["Second","second"]""", await Bodies.TextOf(ours.ToHttpContent(new[] { Clashing.First, Clashing.Second })));
#if REFIT17
        Assert.Equal("[0,1]", await Bodies.TextOf(_builtin.ToHttpContent(new[] { Clashing.First, Clashing.Second })));
        Assert.Equal("[0,1]", await Bodies.TextOf(_ours.ToHttpContent(new[] { Clashing.First, Clashing.Second })));
#else
        Assert.Equal("""["Second","second"]""", await Bodies.TextOf(_builtin.ToHttpContent(new[] { Clashing.First, Clashing.Second })));
#endif

        // Reading "Second" back: StjContentSerializer round-trips to First; Refit 16's declared-name key overwrites it.
        Assert.Equal(Clashing.First, ours.DeserializeFromString<Clashing>("\"Second\""));
#if REFIT17
        Assert.ThrowsAny<JsonException>(() => _builtin.DeserializeFromString<Clashing>("\"Second\""));
#else
        Assert.Equal(Clashing.Second, _builtin.DeserializeFromString<Clashing>("\"Second\""));
#endif
    }

    public enum Clashing
    {
        [JsonStringEnumMemberName("Second")]
        First,
        Second,
    }
#endif
}
