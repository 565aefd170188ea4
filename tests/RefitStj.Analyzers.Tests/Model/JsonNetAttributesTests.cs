using Newtonsoft.Json;
using Stj = System.Text.Json.Serialization;

namespace RefitStj.Analyzers.Tests;

/// <summary>
/// What RSTJ007's twins are derived from, checked against JSON.NET and System.Text.Json themselves: a member whose type
/// carries each attribute and the twin <c>JsonNetAttributesRuleTests</c> pins goes on the wire where JSON.NET puts it.
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
