using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.SourceGeneration;

/// <summary>The serializer over a source-generated context, across writing, reading, streams, polymorphism and missing metadata.</summary>
public sealed class SourceGenerationTests
{
    private readonly StjContentSerializer _serializer = new StjContentSerializer(SnakeCaseContext.Default);

    [Fact]
    public void Context_Constructor_Keeps_The_Contexts_Own_Options()
    {
        Assert.Same(SnakeCaseContext.Default.Options, _serializer.Options);
        Assert.True(_serializer.Options.IsReadOnly);
        Assert.Same(SnakeCaseContext.Default, _serializer.Options.TypeInfoResolver);
    }

    [Fact]
    public async Task Context_Options_Shape_What_Is_Written_And_Read()
    {
        using var content = _serializer.ToHttpContent(new Person("Ana", 3));
        var text = await Bodies.TextOf(content);

        Assert.Equal("""{"name":"Ana","age":3}""", text);
        Assert.Equal(new Person("Ana", 3), await _serializer.FromHttpContentAsync<Person>(Bodies.Json(text)));
        Assert.Equal("\"InTransit\"", await Bodies.TextOf(_serializer.ToHttpContent(OrderStatus.InTransit)));
    }

    [Fact]
    public async Task A_Serialization_Only_Context_Writes_Through_The_Fast_Path_In_Every_Mode_But_Streamed_Where_Refits_Fails()
    {
        var serializer = new StjContentSerializer(FastPathOnlyContext.Default);
        var refits = new SystemTextJsonContentSerializer(FastPathOnlyContext.Default.Options);
        var person = new Person("Fast", 1);

        using var synchronous = serializer.ToHttpContentSynchronous(person);
        using var sent = serializer.ToHttpContent(person);
        using var typed = serializer.ToHttpContent(person, FastPathOnlyContext.Default.Person);
        using var streamed = serializer.ToStreamingHttpContent(person);
        using var refitsSent = refits.ToHttpContent(person);

        Assert.Empty(serializer.Options.Converters);
        Assert.Equal("""{"Name":"Fast","Age":1}""", await Bodies.TextOf(synchronous));

        // JsonSerializer.SerializeAsync needs the property metadata such a context does not generate: Refit's serializer
        // fails, and RefitStj serializes such a body at once, as it did before the default mode wrote while sending.
        Assert.Equal("""{"Name":"Fast","Age":1}""", await Bodies.TextOf(sent));
        Assert.Equal("""{"Name":"Fast","Age":1}""", await Bodies.TextOf(typed));
        Assert.Equal(23, sent.Headers.ContentLength);
        var refitsError = await Assert.ThrowsAsync<InvalidOperationException>(() => Bodies.TextOf(refitsSent));
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Bodies.TextOf(streamed));
        Assert.Equal(refitsError.Message, error.Message);
    }

    [Fact]
    public async Task Reads_Sync_Strings_And_Streams_From_Context_Metadata()
    {
        Assert.Equal(new Person("S", 2), _serializer.DeserializeFromString<Person>("""{"name":"S","age":2}"""));

        var ids = new List<int>();
        var body = new MemoryStream("{\"id\":1}\n{\"id\":2}\n"u8.ToArray());
        await foreach (var tick in _serializer.DeserializeStreamAsync<Tick>(body, StreamingContentFormat.JsonLines))
        {
            ids.Add(tick!.Id);
        }

        Assert.Equal([1, 2], ids);
    }

    [Fact]
    public async Task Polymorphic_Types_Declared_On_The_Context_Keep_Their_Discriminator()
    {
        using var content = _serializer.ToHttpContent<Vehicle>(new Bike { Wheels = 2, Electric = true });
        var text = await Bodies.TextOf(content);

        Assert.Equal("""{"$type":"bike","electric":true,"wheels":2}""", text);
        Assert.IsType<Bike>(_serializer.DeserializeFromString<Vehicle>(text));
    }

    [Fact]
    public async Task A_Chain_Of_Contexts_Resolves_Types_From_Each()
    {
        var options = new JsonSerializerOptions { TypeInfoResolver = JsonTypeInfoResolver.Combine(SnakeCaseContext.Default, ShapesContext.Default, ShapeInterfaceContext.Default) };
        var serializer = StjContentSerializer.CreateWithResolver(options);

        Assert.Same(options, serializer.Options);
        Assert.True(options.IsReadOnly);
        Assert.Equal("""{"Kind":"circle","Radius":1}""", await Bodies.TextOf(serializer.ToHttpContent<IShape>(new Circle { Radius = 1 })));
        Assert.Equal("""{"Name":"P","Age":9}""", await Bodies.TextOf(serializer.ToHttpContent(new Person("P", 9))));
    }

    [Fact]
    public void A_Type_Missing_From_The_Context_Fails_At_First_Use_Naming_Type_And_Fix()
    {
        var ex = Assert.Throws<NotSupportedException>(() => _serializer.ToHttpContent(new Circle()));

        Assert.Contains("no metadata for Circle:", ex.Message, StringComparison.Ordinal);
        Assert.Contains("[JsonSerializable(typeof(Circle))]", ex.Message, StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => _serializer.DeserializeFromString<Order>("{}"));
    }

    [Fact]
    public void A_Runtime_Type_Missing_From_The_Context_Names_That_Type()
    {
        var serializer = new StjContentSerializer(ShapeInterfaceContext.Default);

        var ex = Assert.Throws<NotSupportedException>(() => serializer.ToStreamingHttpContent<IShape>(new Circle()));

        Assert.Contains("[JsonSerializable(typeof(Circle))]", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CreateWithResolver_Without_A_Resolver_Names_Both_Ways_Out()
    {
        var ex = Assert.Throws<ArgumentException>(() => StjContentSerializer.CreateWithResolver(new JsonSerializerOptions()));

        Assert.StartsWith(
            "The options have no TypeInfoResolver. Set it to a JsonSerializerContext (or JsonTypeInfoResolver.Combine of several), " +
            "or use the StjContentSerializer(JsonSerializerOptions) constructor for reflection-based metadata.",
            ex.Message,
            StringComparison.Ordinal);
    }

    [Fact]
    public void CreateWithResolver_Rejects_Options_Without_A_Resolver_And_Null()
    {
        var ex = Assert.Throws<ArgumentException>(() => StjContentSerializer.CreateWithResolver(new JsonSerializerOptions()));

        Assert.Equal("options", ex.ParamName);
        Assert.Contains("TypeInfoResolver", ex.Message, StringComparison.Ordinal);
        Assert.Equal("options", Assert.Throws<ArgumentNullException>(() => StjContentSerializer.CreateWithResolver(null!)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => new StjContentSerializer((System.Text.Json.Serialization.JsonSerializerContext)null!)).ParamName);
    }
}
