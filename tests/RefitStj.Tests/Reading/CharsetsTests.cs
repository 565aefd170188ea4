using System.Text;
using RefitStj.Reading;

namespace RefitStj.Tests.Reading;

public sealed class CharsetsTests
{
    [Theory]
    [InlineData("utf-8")]
    [InlineData("UTF-8")]
    [InlineData("\"utf-8\"")]
    [InlineData(" utf8 ")]
    [InlineData("\" UTF8 \"")]
    public void Utf8_Charset_Needs_No_Transcoding(string charset)
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
        Assert.Contains("Register an EncodingProvider", ex.Message, StringComparison.Ordinal);
        Assert.IsType<ArgumentException>(ex.InnerException, exactMatch: false);
    }

    [Theory]
    [InlineData("application/json; charset=utf-16", "utf-16")]
    [InlineData("application/json;charset=\"ISO-8859-1\"", "\"ISO-8859-1\"")]
    [InlineData("application/json; foo=bar; CHARSET = utf-8 ; x=y", "utf-8")]
    [InlineData("text/plain; charsetx=a; charset=b", "b")]
    [InlineData(";charset=utf-16", "utf-16")]
    public void FindCharset_Reads_The_Parameter_From_A_Raw_Content_Type(string contentType, string expected)
    {
        Assert.True(Charsets.FindCharset(contentType, out var charset));
        Assert.Equal(expected, charset.ToString());
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/json; version=2")]
    [InlineData("application/json; charset")]
    [InlineData("charset=utf-16")]
    public void FindCharset_Finds_Nothing_Without_A_Charset_Parameter(string contentType)
    {
        Assert.False(Charsets.FindCharset(contentType, out _));
    }

    [Fact]
    public void Headers_Without_Content_Type_Mean_Utf8()
    {
        using var content = new ByteArrayContent([]);

        Assert.Null(Charsets.GetTranscodingEncoding(content.Headers));
    }

    [Theory]
    [InlineData("application/json; charset=utf-8", null)]
    [InlineData("APPLICATION/JSON;CHARSET=UTF-8", null)]
    [InlineData("application/json; charset=utf-16", 1200)]
    [InlineData("application/json;charset=utf-32", 12000)]
    [InlineData("text/plain; charset=iso-8859-1", 28591)]
    public void Common_Json_Content_Types_Mean_Utf8_And_Near_Misses_Are_Still_Parsed(string contentType, int? codePage)
    {
        using var content = new ByteArrayContent([]);
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);

        Assert.Equal(codePage, Charsets.GetTranscodingEncoding(content.Headers)?.CodePage);
    }

    [Fact]
    public void Headers_Parsed_Or_Raw_Give_The_Same_Encoding()
    {
        using var raw = new ByteArrayContent([]);
        raw.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-16");
        using var parsed = new ByteArrayContent([]);
        parsed.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/json") { CharSet = "utf-16" };

        Assert.Equal(1200, Charsets.GetTranscodingEncoding(raw.Headers)!.CodePage);
        Assert.Equal(1200, Charsets.GetTranscodingEncoding(parsed.Headers)!.CodePage);
    }
}
