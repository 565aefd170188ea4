using System.Text;
using RefitStj.Json;

namespace RefitStj.Tests.Json;

public sealed class ExcerptsTests
{
    [Fact]
    public void A_Short_Token_Is_Quoted_Whole()
    {
        Assert.Equal("\"archived\"", Excerpts.Shorten("\"archived\""u8));
    }

    [Fact]
    public void A_Long_Body_Gives_Forty_Characters_And_An_Ellipsis_Whatever_Its_Size()
    {
        var excerpt = Excerpts.Shorten(Encoding.UTF8.GetBytes(new string('x', 10_000_000)));

        Assert.Equal(new string('x', Excerpts.MaxChars) + "…", excerpt);
    }

    [Fact]
    public void Line_Breaks_And_Tabs_Become_Spaces_So_A_Message_Stays_On_One_Line()
    {
        Assert.Equal("{ \"a\":  1}", Excerpts.Shorten("{\n\"a\":\t\r1}"u8));
    }

    [Fact]
    public void A_Cut_Never_Splits_A_Character()
    {
        // 39 ASCII then an emoji (two UTF-16 units, four UTF-8 bytes): the emoji does not fit whole and is left out.
        var excerpt = Excerpts.Shorten(Encoding.UTF8.GetBytes(new string('a', 39) + "😀" + "tail"));

        Assert.Equal(new string('a', 39) + "…", excerpt);
    }

    [Fact]
    public void Bytes_Cut_Inside_A_Character_Leave_No_Replacement_Character()
    {
        var bytes = Encoding.UTF8.GetBytes(new string('é', 200));

        Assert.DoesNotContain('\uFFFD', Excerpts.Shorten(bytes));
    }
}
