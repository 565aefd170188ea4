using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Http;

public sealed class JsonBodyWriterTests
{
    private readonly StjContentSerializer _serializer = new();

    [Fact]
    public async Task Large_Bodies_Grow_The_Buffer_And_Come_Out_Whole()
    {
        var people = Enumerable.Range(0, 10_000).Select(i => new Person("name" + i, i)).ToList();

        using var content = _serializer.ToHttpContent(people);
        var text = await Bodies.TextOf(content);

        Assert.Equal(JsonSerializer.Serialize(people, _serializer.Options), text);
        Assert.Equal(System.Text.Encoding.UTF8.GetByteCount(text), content.Headers.ContentLength);
    }

    [Fact]
    public async Task A_Failed_Write_Throws_And_The_Next_Write_Is_Clean()
    {
        Assert.Throws<InvalidOperationException>(() => _serializer.ToHttpContent(new Exploding()));

        using var content = _serializer.ToHttpContent(new Person("after", 1));

        Assert.Equal("""{"name":"after","age":1}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task A_Converter_That_Serializes_A_Body_Inside_A_Body_Gets_Its_Own_Writer()
    {
        var options = new JsonSerializerOptions { Converters = { new NestedBodyConverter(_serializer) } };
        var outer = new StjContentSerializer(options);

        using var content = outer.ToHttpContent(new Wrapper { Inner = new Person("in", 2) });

        Assert.Equal("""{"Inner":"{\u0022name\u0022:\u0022in\u0022,\u0022age\u0022:2}"}""", await Bodies.TextOf(content));
    }

    [Fact]
    public async Task Writes_From_Many_Threads_Do_Not_Mix()
    {
        var results = await Task.WhenAll(Enumerable.Range(0, 64).Select(i => Task.Run(async () =>
        {
            using var content = _serializer.ToHttpContent(new Person("t" + i, i));
            return (i, text: await Bodies.TextOf(content));
        })));

        foreach (var (i, text) in results)
        {
            Assert.Equal($$"""{"name":"t{{i}}","age":{{i}}}""", text);
        }
    }

    private sealed class Exploding
    {
        public int Value => throw new InvalidOperationException("boom");
    }

    private sealed class Wrapper
    {
        public Person? Inner { get; set; }
    }

    private sealed class NestedBodyConverter(StjContentSerializer inner) : JsonConverter<Person>
    {
        public override Person? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

        public override void Write(Utf8JsonWriter writer, Person value, JsonSerializerOptions options)
        {
            using var content = inner.ToHttpContent(value);
            writer.WriteStringValue(content.ReadAsStringAsync().Result);
        }
    }
}
