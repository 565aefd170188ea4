using Newtonsoft.Json;
using Stj = System.Text.Json.Serialization;

namespace RefitStj.Analyzers.Tests.Rules.JsonNet;

/// <summary>
/// What RSTJ007's twins and advice are derived from, checked against JSON.NET and System.Text.Json themselves: a member
/// with each attribute and the twin <c>JsonNetAttributesRuleTests</c> pins goes on the wire where JSON.NET puts it, and
/// where no twin reads a reply as JSON.NET did, the difference the rule names is real.
/// </summary>
public sealed class JsonNetAttributesTests
{
    [Fact]
    public void Members_Ordered_One_Past_Their_JSON_NET_Order_Are_Written_In_JSON_NETs_Order()
    {
        var value = new Ordered();

        var jsonNet = JsonConvert.SerializeObject(value);
        var stj = System.Text.Json.JsonSerializer.Serialize(value);

        // Unordered members sort as -1 on JSON.NET (declaration order among equals), so Order = 0 comes after them.
        Assert.Equal("""{"minus_two":3,"plain":2,"minus_one":4,"later":5,"zero":1}""", jsonNet);
        Assert.Equal(jsonNet, stj);
    }

    [Fact]
    public void JSON_NETs_JsonRequired_Rejects_A_Null_Where_System_Text_Jsons_Twin_Reads_It()
    {
        // Why RSTJ007 says more than the twin: JSON.NET's [JsonRequired] is Required.Always, null included.
        const string Reply = """{"login":null}""";

        Assert.Throws<JsonSerializationException>(() => JsonConvert.DeserializeObject<Required>(Reply));
        Assert.Null(System.Text.Json.JsonSerializer.Deserialize<Required>(Reply)!.Login);
        Assert.Throws<System.Text.Json.JsonException>(() => System.Text.Json.JsonSerializer.Deserialize<Required>("{}"));
    }

    [Fact]
    public void A_Null_JSON_NET_Skips_Under_NullValueHandling_Ignore_Throws_Or_Replaces_The_Initializer_On_System_Text_Json()
    {
        const string Reply = """{"stars":null,"tags":null}""";

        var jsonNet = JsonConvert.DeserializeObject<Skipped>(Reply)!;
        Assert.Equal(0, jsonNet.Stars);
        Assert.Equal(["new"], jsonNet.Tags!);
        Assert.Throws<System.Text.Json.JsonException>(() => System.Text.Json.JsonSerializer.Deserialize<Skipped>(Reply));
        Assert.Null(System.Text.Json.JsonSerializer.Deserialize<Skipped>("""{"tags":null}""")!.Tags);
    }

    private sealed class Required
    {
        [JsonRequired]
        [Stj.JsonRequired]
        [Stj.JsonPropertyName("login")]
        public string? Login { get; set; }
    }

    private sealed class Skipped
    {
        [JsonProperty("stars", NullValueHandling = NullValueHandling.Ignore)]
        [Stj.JsonPropertyName("stars")]
        public int Stars { get; set; }

        [JsonProperty("tags", NullValueHandling = NullValueHandling.Ignore)]
        [Stj.JsonPropertyName("tags")]
        [Stj.JsonIgnore(Condition = Stj.JsonIgnoreCondition.WhenWritingNull)]
        public List<string>? Tags { get; set; } = ["new"];
    }

    /// <summary>Each member with JSON.NET's order and the twin the fix writes for it (JSON.NET's Order + 1).</summary>
    private sealed class Ordered
    {
        [JsonProperty("zero", Order = 0)]
        [Stj.JsonPropertyName("zero")]
        [Stj.JsonPropertyOrder(1)]
        public int Zero { get; set; } = 1;

        [JsonProperty("plain")]
        [Stj.JsonPropertyName("plain")]
        public int Plain { get; set; } = 2;

        [JsonProperty("minus_two", Order = -2)]
        [Stj.JsonPropertyName("minus_two")]
        [Stj.JsonPropertyOrder(-1)]
        public int MinusTwo { get; set; } = 3;

        [JsonProperty("minus_one", Order = -1)]
        [Stj.JsonPropertyName("minus_one")]
        [Stj.JsonPropertyOrder(0)]
        public int MinusOne { get; set; } = 4;

        [JsonProperty("later")]
        [Stj.JsonPropertyName("later")]
        public int Later { get; set; } = 5;
    }
}
