using System.Text;
using RefitStj.Errors;

namespace RefitStj.Tests.Errors;

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
        var body = Encoding.UTF8.GetBytes(new string('x', 10_000_000));
        Excerpts.Shorten("warm up"u8);

        var before = GC.GetAllocatedBytesForCurrentThread();
        var excerpt = Excerpts.Shorten(body);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(new string('x', Excerpts.MaxChars) + "…", excerpt);
        Assert.True(allocated < 16 * 1024, $"{allocated:N0} bytes allocated: only the bytes that can fill the excerpt are decoded, never the body");
    }

    [Fact]
    public void Text_That_Fits_Is_Kept_Whole_Whatever_It_Ends_In()
    {
        Assert.Equal("ab\uD83D", Excerpts.Shorten("ab\uD83D".AsSpan()));
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

    [Theory]
    [InlineData("é")]
    [InlineData("€")]
    [InlineData("😀")]
    public void Bytes_Cut_Inside_A_Character_Leave_No_Replacement_Character(string character)
    {
        // 2-, 3- and 4-byte characters: the bytes decoded end inside one, yet the excerpt is whole characters only.
        var text = string.Concat(Enumerable.Repeat(character, 200));

        var excerpt = Excerpts.Shorten(Encoding.UTF8.GetBytes(text));

        Assert.Equal(text[..Excerpts.MaxChars] + "…", excerpt);
    }

    [Fact]
    public void Invalid_Bytes_At_The_End_Are_Shown_Not_Hidden()
    {
        // A token that ends in bytes that are not UTF-8 is quoted with them as U+FFFD: the reader sees what the server sent.
        Assert.Equal("\"ab\uFFFD", Excerpts.Shorten("\"ab"u8.ToArray().Append((byte)0xFF).ToArray()));
    }
}
