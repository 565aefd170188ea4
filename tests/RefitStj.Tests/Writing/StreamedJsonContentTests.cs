using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj.Tests.Support;
using RefitStj.Writing;

namespace RefitStj.Tests.Writing;

public sealed class StreamedJsonContentTests
{
    private static readonly JsonTypeInfo s_person = new StjContentSerializer().Options.GetTypeInfo(typeof(Person));

    [Fact]
    public void Has_No_Length_And_The_Json_Content_Type()
    {
        using var content = new StreamedJsonContent(new Person("a", 1), s_person);

        Assert.Null(content.Headers.ContentLength);
        Assert.Equal(JsonMediaType.Value, content.Headers.ContentType!.ToString());
    }

    [Fact]
    public async Task Writes_The_Value_With_The_Metadata_Given_Asynchronously_And_Synchronously()
    {
        var person = new Person("ä", 2);
        var expected = JsonSerializer.Serialize(person, s_person);
        using var content = new StreamedJsonContent(person, s_person);
        using var asynchronous = new MemoryStream();
        using var synchronous = new MemoryStream();

        await content.CopyToAsync(asynchronous);
        content.CopyTo(synchronous, context: null, CancellationToken.None);

        Assert.Equal(expected, Encoding.UTF8.GetString(asynchronous.ToArray()));
        Assert.Equal(expected, Encoding.UTF8.GetString(synchronous.ToArray()));
    }

    [Fact]
    public async Task A_Cancelled_Send_Writes_Nothing()
    {
        using var content = new StreamedJsonContent(new Person("a", 1), s_person);
        using var target = new MemoryStream();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => content.CopyToAsync(target, new CancellationToken(canceled: true)));

        Assert.Equal(0, target.Length);
    }

    [Fact]
    public async Task Every_Copy_Serializes_The_Value_Again_So_It_Can_Be_Read_Any_Number_Of_Times()
    {
        var body = new List<int> { 1, 2, 3 };
        using var content = new StreamedJsonContent(body, new StjContentSerializer().Options.GetTypeInfo(typeof(List<int>)));

        var first = await Bodies.TextOf(content);
        var second = await Bodies.TextOf(content);
        body.Add(4);
        var third = await Bodies.TextOf(content);

        Assert.Equal(("[1,2,3]", "[1,2,3]", "[1,2,3,4]"), (first, second, third));
    }
}
