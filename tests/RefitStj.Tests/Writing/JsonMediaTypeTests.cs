using Refit;
using RefitStj.Tests.Support;
using RefitStj.Writing;

namespace RefitStj.Tests.Writing;

public sealed class JsonMediaTypeTests
{
    [Fact]
    public void Is_The_Content_Type_Refits_Own_Serializer_Sends()
    {
        using var refits = RefitControl.Serializer().ToHttpContent(1);

        Assert.Equal(JsonMediaType.Value, refits.Headers.ContentType!.ToString());
    }

    [Fact]
    public void Is_Added_Raw_And_Parses_On_Demand_Into_Json_And_Utf8()
    {
        using var content = new ByteArrayContent([]);

        JsonMediaType.AddTo(content);

        Assert.Equal(JsonMediaType.Value, Assert.Single(content.Headers.NonValidated["Content-Type"]));
        Assert.Equal("application/json", content.Headers.ContentType!.MediaType);
        Assert.Equal("utf-8", content.Headers.ContentType.CharSet);
    }
}
