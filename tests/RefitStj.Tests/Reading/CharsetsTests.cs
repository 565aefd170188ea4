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
    [InlineData("application/json; charset=utf-16", 1200)]
    [InlineData("application/json;charset=\"ISO-8859-1\"", 28591)]
    [InlineData("application/json; foo=bar; CHARSET = utf-16 ; x=y", 1200)]
    [InlineData("text/plain; charsetx=a; charset=utf-32", 12000)]
    [InlineData("application/json; foo=\"a;charset=utf-8\"; charset=utf-16", 1200)]
    [InlineData("application/json; charset=utf-16; charset=utf-8", 1200)]
    public void A_Charset_Parameter_Is_Read_As_HttpClient_Parses_It(string contentType, int codePage)
    {
        Assert.Equal(codePage, Charsets.GetTranscodingEncoding(Headers(contentType))!.CodePage);
    }

    // Each of these fails HttpClient's parse (ContentType is null), so Refit's serializer reads the body as UTF-8.
    [Theory]
    [InlineData("application/json; charset=")]
    [InlineData("application/json; charset=utf-8, application/json; charset=utf-8")]
    [InlineData("application/json; charset=utf-16, application/json; charset=utf-16")]
    [InlineData("application/json; charset=utf-8 (x)")]
    [InlineData("application/json; charset=\"utf-16")]
    [InlineData("application/json;;charset=utf-16")]
    [InlineData("application/json;charset=utf-16;")]
    [InlineData(";charset=utf-16")]
    public void A_Content_Type_HttpClient_Cannot_Parse_Means_Utf8(string contentType)
    {
        Assert.Null(Charsets.GetTranscodingEncoding(Headers(contentType)));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/json; version=2")]
    [InlineData("application/json; foo=\"a;charset=utf-16\"")]
    [InlineData("charset=utf-16")]
    public void A_Content_Type_Without_A_Charset_Parameter_Means_Utf8(string contentType)
    {
        Assert.Null(Charsets.GetTranscodingEncoding(Headers(contentType)));
    }

    [Fact]
    public void An_Empty_Quoted_Charset_Is_Refused_Naming_It()
    {
        var ex = Assert.Throws<InvalidOperationException>(() => Charsets.GetTranscodingEncoding(Headers("application/json; charset=\"\"")));

        Assert.Contains("'\"\"'", ex.Message, StringComparison.Ordinal);
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

    private static System.Net.Http.Headers.HttpContentHeaders Headers(string contentType)
    {
        var content = new ByteArrayContent([]);
        content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        return content.Headers;
    }
}
