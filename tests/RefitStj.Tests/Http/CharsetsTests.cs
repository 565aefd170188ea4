using System.Text;
using RefitStj.Http;

namespace RefitStj.Tests.Http;

public sealed class CharsetsTests
{
    [Theory]
    [InlineData(null)]
    [InlineData("utf-8")]
    [InlineData("UTF-8")]
    [InlineData("\"utf-8\"")]
    [InlineData(" utf8 ")]
    [InlineData("\" UTF8 \"")]
    public void Utf8_Or_No_Charset_Needs_No_Transcoding(string? charset)
    {
        Assert.Null(Charsets.GetTranscodingEncoding(charset));
    }

    [Fact]
    public void A_Utf8_Alias_Resolved_By_Encoding_Needs_No_Transcoding()
    {
        Assert.Null(Charsets.GetTranscodingEncoding("unicode-1-1-utf-8"));
    }

    [Theory]
    [InlineData("utf-16", 1200)]
    [InlineData("\"iso-8859-1\"", 28591)]
    [InlineData("utf-32", 12000)]
    public void Other_Charsets_Resolve_To_Their_Encoding(string charset, int codePage)
    {
        Assert.Equal(codePage, Charsets.GetTranscodingEncoding(charset)!.CodePage);
    }

    [Theory]
    [InlineData("no-such-charset")]
    [InlineData("")]
    [InlineData("\"\"")]
    public void Unknown_Charset_Throws_InvalidOperationException_Naming_It(string charset)
    {
        var ex = Assert.Throws<InvalidOperationException>(() => Charsets.GetTranscodingEncoding(charset));

        Assert.Contains($"'{charset}'", ex.Message, StringComparison.Ordinal);
        Assert.IsType<ArgumentException>(ex.InnerException, exactMatch: false);
    }

    [Fact]
    public void Utf8_Charset_Is_Decided_Without_An_Encoding_Lookup()
    {
        // Encoding.GetEncoding would resolve this to UTF-8 too; the point is that the result is the same null.
        Assert.Equal(Encoding.UTF8.CodePage, Encoding.GetEncoding("utf-8").CodePage);
        Assert.Null(Charsets.GetTranscodingEncoding("utf-8"));
    }
}
