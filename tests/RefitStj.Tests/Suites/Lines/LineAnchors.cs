namespace RefitStj.Tests.Suites.Lines;

/// <summary>
/// A few of RefitStj's observations pinned per line, so a change that moved both serializers alike (a shared option, a
/// server that stopped recording) still fails: equality alone cannot see it.
/// </summary>
internal static class LineAnchors
{
    private const string Json = "application/json; charset=utf-8";

    private const string Items = """{"clr":"List\u00601","value":[{"Sku":"a","Quantity":1},{"Sku":"b","Quantity":2}]}""";

#if REFIT17
    // Refit 17's defaults: enums as numbers.
    private const string Order = """{"id":3,"name":"Ada","tier":1,"maybe":null,"total":12.50,"note":null,"tag":"vip","items":[{"sku":"a","quantity":2}]}""";
#else
    // Refit 16's defaults: camelCase string enums.
    private const string Order = """{"id":3,"name":"Ada","tier":"goldPlus","maybe":null,"total":12.50,"note":null,"tag":"vip","items":[{"sku":"a","quantity":2}]}""";
#endif

    private const string Echoed = """{"clr":"LineOrder","value":{"Id":3,"Name":"Ada","Tier":"GoldPlus","Maybe":null,"Total":12.50,"Note":null,"Tag":""" + Tag + ""","Items":[{"Sku":"a","Quantity":2}]}}""";

#if REFIT17
    // Refit 17's defaults read an object-typed value as a JsonElement.
    private const string Tag = """{"clr":"JsonElement","value":"vip"}""";
#else
    private const string Tag = """{"clr":"String","value":"vip"}""";
#endif

    public static IReadOnlyDictionary<(string Call, string Pairing), Observed> ForLoadedLine { get; } = new Dictionary<(string, string), Observed>
    {
        [("body-default-http1", "defaults")] = new($"POST /echo/order | {Json} | transfer-encoding: chunked | {Order}", Echoed),
        [("body-default-h2c", "defaults")] = new($"POST /echo/order | {Json} | no length | {Order}", Echoed),
        [("body-mode-buffered-http1", "defaults")] = new($"POST /echo/order | {Json} | content-length: {Order.Length} | {Order}", Echoed),
        [("stream-server-sent-events", "defaults")] = new("GET /stream/events | (no type) | no length | ", Items),
        [("query-converter-object", "defaults")] = new("GET /query?text=a%20b&tier=GoldPlus&per_page=20 | (no type) | no length | ", """{"clr":"String","value":"sent"}"""),
    };
}
