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
