using System.Text;
using RefitStj.Reading;

namespace RefitStj.Tests.Reading;

public sealed class RawHeadersTests
{
    [Fact]
    public void Gives_The_First_Value_As_Received()
    {
        using var content = new ByteArrayContent([]);
        content.Headers.TryAddWithoutValidation("Content-Language", "de-DE");
        content.Headers.TryAddWithoutValidation("Content-Language", "en-GB");

        Assert.Equal("de-DE", RawHeaders.First(content.Headers, "Content-Language"));
    }

    [Fact]
    public void Gives_A_Value_The_Typed_Property_Would_Reject_Unparsed()
    {
        using var content = new ByteArrayContent([]);
        content.Headers.TryAddWithoutValidation("Content-Type", "application/JSON ;charset=\"UTF-8\"; x=");

        Assert.Equal("application/JSON ;charset=\"UTF-8\"; x=", RawHeaders.First(content.Headers, "Content-Type"));
    }

    [Fact]
    public void Gives_A_Value_Set_Through_The_Typed_Property()
    {
        using var content = new StringContent("{}", Encoding.UTF8, "application/json");

        Assert.Equal("application/json; charset=utf-8", RawHeaders.First(content.Headers, "Content-Type"));
    }

    [Fact]
    public void Gives_Null_For_A_Header_That_Is_Absent()
    {
        using var content = new ByteArrayContent([]);

        Assert.Null(RawHeaders.First(content.Headers, "Content-Type"));
    }
}
