#if NET9_0_OR_GREATER
using System.Text.Json.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// What the twins RSTJ007's fix writes put on the wire through RefitStj's default options, where docs/RSTJ007.md says the
/// twin on an enum does not decide alone: the options' converter of Refit 16's enums wins over it.
/// </summary>
public sealed class JsonNetTwinWireTests
{
    private readonly StjContentSerializer _defaults = new();

    [Fact]
    public async Task A_Flags_Enums_Twin_Keeps_Declared_Names_But_Neither_Writes_Nor_Reads_A_Combination_Where_Refit_16s_Enums_Run()
    {
        // The enum as the fix leaves a JSON.NET [Flags] enum with StringEnumConverter on it.
        Assert.Equal("\"Read\"", await Bodies.TextOf(_defaults.ToHttpContent(TwinnedAccess.Read)));
        var combination = await Bodies.TextOf(_defaults.ToHttpContent(TwinnedAccess.Read | TwinnedAccess.Write));
        using var reply = new StringContent("\"Read, Write\"", System.Text.Encoding.UTF8, "application/json");
#if REFIT17
        Assert.Equal("\"Read, Write\"", combination);
        Assert.Equal(TwinnedAccess.Read | TwinnedAccess.Write, await _defaults.FromHttpContentAsync<TwinnedAccess>(reply));
#else
        Assert.Equal("3", combination);
        await Assert.ThrowsAnyAsync<System.Text.Json.JsonException>(() => _defaults.FromHttpContentAsync<TwinnedAccess>(reply));
#endif
    }

    [Fact]
    public async Task A_Property_Converter_Writes_A_Combination_As_JSON_NET_Did_On_Every_Line()
    {
        Assert.Equal("""{"access":"Read, Write"}""", await Bodies.TextOf(_defaults.ToHttpContent(new Grant { Access = TwinnedAccess.Read | TwinnedAccess.Write })));
    }

    [Fact]
    public async Task A_Field_Ordered_Minus_One_Goes_First_As_JSON_NET_Writes_Fields_Before_Properties()
    {
        // JSON.NET wrote {"Early":3,"F":2,"P":1}: Early at Order = -2, then the field, then the property.
        Assert.Equal("""{"p":1,"f":2}""", await Bodies.TextOf(_defaults.ToHttpContent(new Included())));
        Assert.Equal("""{"early":3,"f":2,"p":1}""", await Bodies.TextOf(_defaults.ToHttpContent(new Ordered())));
    }

    internal sealed class Included
    {
        public int P { get; set; } = 1;

        [JsonInclude]
        public int F = 2;
    }

    internal sealed class Ordered
    {
        public int P { get; set; } = 1;

        [JsonInclude]
        [JsonPropertyOrder(-1)]
        public int F = 2;

        [JsonPropertyOrder(-1)]
        public int Early { get; set; } = 3;
    }

    [Flags]
    [JsonConverter(typeof(JsonStringEnumConverter<TwinnedAccess>))]
    public enum TwinnedAccess
    {
        [JsonStringEnumMemberName("None")]
        None = 0,

        [JsonStringEnumMemberName("Read")]
        Read = 1,

        [JsonStringEnumMemberName("Write")]
        Write = 2,
    }

    public sealed class Grant
    {
        [JsonConverter(typeof(JsonStringEnumConverter<TwinnedAccess>))]
        public TwinnedAccess Access { get; set; }
    }
}
#endif
