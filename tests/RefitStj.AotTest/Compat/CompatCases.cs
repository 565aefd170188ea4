using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.AotTest.Compat;

/// <summary>One call: its name (also the stub's key for <paramref name="Response"/>), the JSON answered, and the call.</summary>
internal sealed record CompatCase(string Name, string Response, Func<ICompatApi, string, Task<string>> Call);

/// <summary>
/// Every call of the transcript: request bodies with every enum shape, <c>object</c> values of every primitive type and
/// an interface body; responses in camelCase and PascalCase, numbers as strings, names in any case, undeclared values,
/// blanks and values the default refuses.
/// </summary>
internal static class CompatCases
{
    private static readonly Paint s_named = new(
        7, Color.LightGreen, null, Access.ReadWrite, Big.Huge, Alias.First,
        [Color.Red, Color.UltraViolet, (Color)42], new() { [Color.DarkBlue] = 1, [Color.UltraViolet] = 2, [(Color)9] = 3 }, "ünïcode \"q\" <b>");

    private static readonly Paint s_unnamed = new(
        -8, (Color)42, Color.UltraViolet, (Access)7, (Big)(-1), Alias.Second, [], [], null);

    private static readonly Bag s_bag = new()
    {
        Value = Color.DarkBlue,
        Extra = new()
        {
            ["bool"] = true,
            ["int"] = 42,
            ["long"] = 9_007_199_254_740_993L,
            ["double"] = 0.1,
            ["decimal"] = 12.50m,
            ["string"] = "text",
            ["dateTime"] = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc),
            ["dateTimeOffset"] = new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromHours(5.5)),
            ["guid"] = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            ["enum"] = (Access)7,
            ["null"] = null,
            ["object"] = new object(),
            ["nested"] = new Dictionary<string, object?> { ["long"] = Big.Max },
        },
    };

    private static readonly Money s_money = new(1234.5600m, new Guid("9b2f4c1e-0b5a-4d3e-8f6a-2c7d1e9b0a33"), new DateTimeOffset(2026, 3, 4, 5, 6, 7, 890, TimeSpan.FromHours(-7)), 3);

    private const string Named = """
        {"id":7,"color":"lightGreen","accent":"darkBlue","access":"readWrite","size":"huge","alias":"primary","palette":["red","ultra-violet",42],"stock":{"darkBlue":1,"ultra-violet":2,"red":3},"comment":"c"}
        """;

    private const string Pascal = """
        {"Id":7,"Color":"LightGreen","Accent":2,"Access":3,"Size":5000000000,"Alias":"First","Palette":["Red","UltraViolet"],"Stock":{"DarkBlue":1},"Comment":"C"}
        """;

    public static IReadOnlyList<CompatCase> All { get; } =
    [
        Paint("paint-camel", Named, s_named),
        Paint("paint-pascal", Pascal, s_unnamed),
        Paint("paint-numbers-as-strings", """{"id":"-12","color":1}""", s_named),
        Paint("paint-names-any-case", """{"color":"LIGHTGREEN","accent":"dArKbLuE","access":"READWRITE","size":"HUGE","alias":"SECOND"}""", s_unnamed),
        Paint("paint-member-name", """{"color":"ultra-violet","accent":"UltraViolet","palette":["ULTRA-VIOLET","ultraViolet"]}""", s_named),
        Paint("paint-undeclared-and-flags", """{"color":42,"accent":-3,"access":7,"size":-1}""", s_unnamed),
        Paint("paint-flags-as-list", """{"access":"read, write"}""", s_named),
        Paint("paint-flags-out-of-range", """{"access":300}""", s_named),
        Paint("paint-flags-negative", """{"access":-1}""", s_named),
        Paint("paint-long-backed", """{"size":9223372036854775807,"palette":[]}""", s_named),
        Paint("paint-long-out-of-range", """{"size":9223372036854775808}""", s_named),
        Paint("paint-long-by-name", """{"size":"max"}""", s_named),
        Paint("paint-enum-number-in-string", """{"color":"1"}""", s_named),
        Paint("paint-enum-fraction", """{"color":1.5}""", s_named),
        Paint("paint-unknown-name", """{"color":"purple"}""", s_named),
        Paint("paint-blank-nullable", """{"accent":"  ","comment":""}""", s_named),
        Paint("paint-null-nullable", """{"accent":null}""", s_named),
        Paint("paint-blank-enum", """{"color":""}""", s_named),
        Paint("paint-null-enum", """{"color":null}""", s_named),
        Paint("paint-alias", """{"alias":"first"}""", s_named),
        Paint("paint-keys-any-case", """{"stock":{"RED":1,"lightgreen":2,"ULTRA-VIOLET":3,"darkblue":4}}""", s_named),
        Paint("paint-numeric-key", """{"stock":{"5":1}}""", s_named),
        Paint("paint-blank-key", """{"stock":{"":1}}""", s_named),
        Paint("paint-duplicate-property", """{"id":1,"id":2}""", s_named),
        Case("bag", """{"value":{"x":[1]},"extra":{"a":1,"b":-2.5,"c":"2026-01-02T03:04:05+02:00","d":"text","e":true,"f":null,"g":[1,"x"],"h":{"i":false},"j":12345678901234567890,"k":"2026-01-02","l":1.0}}""",
            static (api, name) => api.Bag(name, s_bag)),
        Case("bag-pascal", """{"Value":"2026-01-02T03:04:05Z","Extra":{"A":"12"}}""", static (api, name) => api.Bag(name, new Bag { Value = 5 })),
        Case("money", """{"amount":"12.50","id":"9b2f4c1e-0b5a-4d3e-8f6a-2c7d1e9b0a33","at":"2026-01-02T03:04:05.123+05:30","count":"9"}""",
            static (api, name) => api.Money(name, s_money)),
        Case("money-pascal", """{"Amount":1e2,"Id":"9B2F4C1E-0B5A-4D3E-8F6A-2C7D1E9B0A33","At":"2026-01-02T03:04:05Z","Count":9}""",
            static (api, name) => api.Money(name, s_money with { Amount = -0.001m })),
        Case("money-bad-guid", """{"id":"not-a-guid"}""", static (api, name) => api.Money(name, s_money)),
        Case("object-long", "5", static (api, name) => api.Untyped(name, 5)),
        Case("object-string", "\"text\"", static (api, name) => api.Untyped(name, s_bag.Extra!)),
        Case("object-array", "[1,\"x\"]", static (api, name) => api.Untyped(name, Color.UltraViolet)),
        Case("object-bare", "{}", static (api, name) => api.Untyped(name, new object())),
        Case("interface-body", """{"kind":"x","radius":1.5}""", static (api, name) => api.Shape(name, new Circle { Radius = 2.5 })),
        Case("color", "\"darkBlue\"", static (api, name) => api.Color(name)),
        Case("color-number", "2", static (api, name) => api.Color(name)),
        Case("color-undeclared", "-42", static (api, name) => api.Color(name)),
        Case("maybe-color-null", "null", static (api, name) => api.MaybeColor(name)),
        Case("maybe-color-blank", "\"\"", static (api, name) => api.MaybeColor(name)),
        Case("maybe-color-name", "\"LightGreen\"", static (api, name) => api.MaybeColor(name)),
        Case("maybe-color-unknown", "\"teal\"", static (api, name) => api.MaybeColor(name)),
        Case("colors", """["red",null,""," ","ULTRAVIOLET",7]""", static (api, name) => api.Colors(name)),
        Case("stock", """{"red":1,"DarkBlue":2,"ULTRA-VIOLET":3}""", static (api, name) => api.Stock(name)),
        Case("stock-numeric-key", """{"9":1}""", static (api, name) => api.Stock(name)),
        Case("map", """{"a":1,"B":"x","c":"2026-01-02T03:04:05.1234567Z","d":[],"e":false}""", static (api, name) => api.Map(name)),
        Case("typed-paint", Named, static (api, name) => api.PaintTyped(name, s_money, CompatibleContext.Default.Money, CompatibleContext.Default.Paint)),
        Case("typed-bag", """{"value":"x","extra":{"a":1,"b":"2026-01-02T03:04:05Z"}}""",
            static async (api, name) => (await api.BagTyped(name, s_unnamed, CompatibleContext.Default.Paint, CompatibleContext.Default.Bag).ConfigureAwait(false)).Content),
        Case("typed-interface-body", """{"kind":"x","radius":1.5}""",
            static (api, name) => api.ShapeTyped(name, new Circle { Radius = 2.5 }, CompatibleContext.Default.IShape, CompatibleContext.Default.Circle)),
        Case("typed-colors", """["red",null,"ULTRAVIOLET",7]""", static (api, name) => api.ColorsTyped(name, CompatibleContext.Default.ListNullableColor)),
    ];

    /// <summary>What a call read, the same way whichever serializer read it.</summary>
    public static string Describe<T>(T value) =>
        value is null ? "null" : JsonSerializer.Serialize(value, (JsonTypeInfo<T>)DescribeContext.Default.GetTypeInfo(typeof(T))!);

    private static CompatCase Paint(string name, string response, Paint body) =>
        Case(name, response, (api, n) => api.Paint(n, body));

    private static CompatCase Case<T>(string name, string response, Func<ICompatApi, string, Task<T>> call) =>
        new(name, response, async (api, n) => Describe(await call(api, n).ConfigureAwait(false)));
}
