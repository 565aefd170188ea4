using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>
/// Switching from Refit's built-in <see cref="SystemTextJsonContentSerializer"/> to <see cref="StjContentSerializer"/>
/// must not change a byte on the wire, nor a value read. Each case runs both serializers on the same input.
/// </summary>
public sealed class WireCompatibilityTests
{
    /// <summary>
    /// <see cref="Bodies.SampleOrder"/> as both serializers' defaults write it on the Refit line in use: on 16 the documented
    /// <see cref="Bodies.SampleOrderJson"/>; on 17 enum values are numbers (dictionary keys stay names).
    /// </summary>
    internal const string DefaultSampleOrderJson =
#if REFIT17
        $$"""{"id":7,"customerName":"Ada","status":1,"previousStatus":null,"quantity":3,"total":12.50,"placedAt":"2026-11-22T10:00:00+01:00","countsByStatus":{"Pending":1,"{{Wire.LostInSpace}}":2},"grid":[[1,2],[3]],"extra":{"name":"Bo","age":4},"sku_code":"X-1","permissions":3}""";
#else
        Bodies.SampleOrderJson;
#endif

    private static readonly Dictionary<string, Func<Task>> s_writeCases = new()
    {
        ["sample order"] = () => AssertWritesSame(Bodies.SampleOrder()),
        ["order with nullables set"] = () => AssertWritesSame(new Order
        {
            Id = -1,
            Status = OrderStatus.LostInSpace,
            PreviousStatus = OrderStatus.Delivered,
            Quantity = null,
            Total = -0.001m,
            PlacedAt = new DateTimeOffset(1999, 12, 31, 23, 59, 59, 999, TimeSpan.FromHours(-9.5)),
            CountsByStatus = new() { [(OrderStatus)9] = 9, [OrderStatus.Delivered] = 0 },
            Grid = [[], [int.MinValue, int.MaxValue]],
            Extra = null,
            Sku = null,
            Permissions = (Permissions)255,
        }),
        ["empty order"] = () => AssertWritesSame(new Order()),
        ["person"] = () => AssertWritesSame(Clients.Ada),
        ["list of people"] = () => AssertWritesSame(new List<Person> { Clients.Ada, new("Bo", 4) }),
        ["escaped strings"] = () => AssertWritesSame(new Person("<b>\"Zoë\" & 'Åsa'</b>\u00a0\ud83d\ude00\n\t\u0001", 0)),
        ["envelope with person payload"] = () => AssertWritesSame(new Envelope { Payload = Clients.Ada }),
        ["envelope with bare object payload"] = () => AssertWritesSame(new Envelope { Payload = new object() }),
        ["envelope with null payload"] = () => AssertWritesSame(new Envelope()),
        ["envelope with mixed array payload"] = () => AssertWritesSame(new Envelope
        {
            Payload = new object?[] { 1, 2.5, "s", true, null, OrderStatus.InTransit, new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc), new object(), new[] { 1L } },
        }),
        ["envelope with order payload"] = () => AssertWritesSame(new Envelope { Payload = Bodies.SampleOrder() }),
        ["bare object"] = () => AssertWritesSame(new object()),
        ["object holding a person"] = () => AssertWritesSame<object>(Clients.Ada),
        ["defined enum"] = () => AssertWritesSame(OrderStatus.InTransit),
        ["enum member name"] = () => AssertWritesSame(OrderStatus.LostInSpace),
        ["undefined enum value"] = () => AssertWritesSame((OrderStatus)42),
        ["flags combination"] = () => AssertWritesSame(Permissions.Read | Permissions.Write),
        ["flags none"] = () => AssertWritesSame(Permissions.None),
        ["undefined flags bits"] = () => AssertWritesSame((Permissions)0b1000_0101),
        ["negative short enum"] = () => AssertWritesSame(Temperature.Freezing),
        ["undefined negative short enum"] = () => AssertWritesSame((Temperature)(-300)),
        ["nullable enum null"] = () => AssertWritesSame<OrderStatus?>(null),
        ["nullable enum value"] = () => AssertWritesSame<OrderStatus?>(OrderStatus.Pending),
        ["enum list"] = () => AssertWritesSame(new List<OrderStatus?> { OrderStatus.Pending, null, (OrderStatus)7 }),
        ["enum-keyed dictionary"] = () => AssertWritesSame(new Dictionary<OrderStatus, int>
        {
            [OrderStatus.Pending] = 1,
            [OrderStatus.LostInSpace] = 2,
            [(OrderStatus)12] = 3,
        }),
        ["flags-keyed dictionary"] = () => AssertWritesSame(new Dictionary<Permissions, string>
        {
            [Permissions.Read | Permissions.Write] = "rw",
            [Permissions.None] = "none",
        }),
        ["short-enum-keyed dictionary"] = () => AssertWritesSame(new Dictionary<Temperature, bool> { [Temperature.Freezing] = true, [(Temperature)(-1)] = false }),
        ["date time offset"] = () => AssertWritesSame(new DateTimeOffset(2026, 11, 22, 10, 0, 0, 123, TimeSpan.FromHours(5.75))),
        ["nested lists"] = () => AssertWritesSame(new List<List<List<int>>> { new() { new() { 1 }, new() }, new() }),
        ["nullable int null"] = () => AssertWritesSame<int?>(null),
        ["decimal"] = () => AssertWritesSame(79228162514264337593543950335m),
        ["double"] = () => AssertWritesSame(new[] { 0.1, double.MaxValue, double.Epsilon, -0.0 }),
        ["null reference"] = () => AssertWritesSame<Person?>(null),
        ["string"] = () => AssertWritesSame("plain text body"),
        ["dictionary of objects"] = () => AssertWritesSame(new Dictionary<string, object?> { ["n"] = 1, ["o"] = new object(), ["p"] = Clients.Ada }),
        ["large list"] = () => AssertWritesSame(Enumerable.Range(0, 5000).Select(i => new Person("p" + i, i)).ToList()),
    };

    private static readonly Dictionary<string, ReadCase> s_readCases = new()
    {
        ["sample order"] = Read16<Order>(Bodies.SampleOrderJson),
        ["order numbers as strings"] = Read16<Order>("""{"id":"7","quantity":"3","total":"12.50","grid":[["1","2"]],"countsByStatus":{"pending":"4"}}"""),
        ["order previous status blank"] = Read16<Order>("""{"previousStatus":""}"""),
        ["order previous status null"] = Read<Order>("""{"previousStatus":null,"quantity":null}"""),
        ["order previous status whitespace"] = Read16<Order>("""{"previousStatus":"  "}"""),
        ["order enums by declared name in other case"] = Read16<Order>("""{"status":"INTRANSIT","previousStatus":"lostinspace","permissions":"write"}"""),
        ["order enums as numbers"] = Read<Order>("""{"status":1,"previousStatus":42,"permissions":7}"""),
        ["order property names in other case"] = Read<Order>("""{"ID":1,"CustomerName":"x","SKU_CODE":"k","PlacedAt":"2026-01-02T03:04:05Z"}"""),
        ["order enum dictionary keys"] = Read<Order>($$$"""{"countsByStatus":{"Pending":1,"INTRANSIT":2,"{{{Wire.LostInSpace}}}":3}}"""),
        ["person"] = Read<Person>(Clients.PersonJson),
        ["person age as string"] = Read16<Person>("""{"name":"Ada","age":"36"}"""),
        ["person unknown members"] = Read<Person>("""{"name":"Ada","age":36,"extra":{"deep":[1,2,{"x":null}]}}"""),
        ["list of people"] = Read16<List<Person>>("""[{"name":"Ada","age":36},{"NAME":"Bo","AGE":"4"}]"""),
        ["envelope payload object"] = Read<Envelope>("""{"payload":{"name":"Ada","age":36}}"""),
        ["envelope payload integer"] = Read<Envelope>("""{"payload":9007199254740993}"""),
        ["envelope payload double"] = Read<Envelope>("""{"payload":1.5e300}"""),
        ["envelope payload bool"] = Read<Envelope>("""{"payload":false}"""),
        ["envelope payload date string"] = Read<Envelope>("""{"payload":"2026-11-22T10:00:00+01:00"}"""),
        ["envelope payload plain string"] = Read<Envelope>("""{"payload":"hello"}"""),
        ["envelope payload array"] = Read<Envelope>("""{"payload":[1,"a",null,{}]}"""),
        ["envelope payload null"] = Read<Envelope>("""{"payload":null}"""),
        ["bare object"] = Read<object>("{}"),
        ["object number"] = Read<object>("42"),
        ["enum camel name"] = Read16<OrderStatus>("\"inTransit\""),
        ["enum declared name"] = Read16<OrderStatus>("\"InTransit\""),
        ["enum upper case"] = Read16<OrderStatus>("\"INTRANSIT\""),
        ["enum member name"] = Read16<OrderStatus>($"\"{Wire.LostInSpace}\""),
        ["enum member name other case"] = Read16<OrderStatus>($"\"{Wire.LostInSpace.ToUpperInvariant()}\""),
        ["enum number"] = Read<OrderStatus>("2"),
        ["enum undefined number"] = Read<OrderStatus>("42"),
        ["flags combination number"] = Read<Permissions>("3"),
        ["flags undefined bits"] = Read<Permissions>("255"),
        ["negative short enum"] = Read<Temperature>("-5"),
        ["negative short enum name"] = Read16<Temperature>("\"freezing\""),
        ["nullable enum null"] = Read<OrderStatus?>("null"),
        ["nullable enum blank"] = Read16<OrderStatus?>("\"\""),
        ["nullable enum name"] = Read16<OrderStatus?>("\"delivered\""),
        ["nullable enum number"] = Read<OrderStatus?>("1"),
        ["nullable enum list"] = Read16<List<OrderStatus?>>("""["pending",null,"",2,"DELIVERED"]"""),
        ["enum-keyed dictionary"] = Read<Dictionary<OrderStatus, int>>($$"""{"pending":1,"{{Wire.LostInSpace}}":2,"Delivered":3}"""),
        ["date time offset"] = Read<DateTimeOffset>("\"2026-11-22T10:00:00.1234567-03:30\""),
        ["nested lists"] = Read16<List<List<int>>>("[[1,2],[],[\"3\"]]"),
        ["nullable int null"] = Read<int?>("null"),
        ["decimal from string"] = Read16<decimal>("\"79228162514264337593543950335\""),
        ["whitespace around value"] = Read<Person>(" \r\n {\"name\":\"Ada\",\"age\":36} \n"),
    };

    private static readonly Dictionary<string, Func<Task>> s_rejectCases = new()
    {
        ["html page"] = () => AssertBothReject<Person>("<html></html>"),
        ["truncated"] = () => AssertBothReject<Person>("""{"name":"Ada","""),
        ["trailing garbage"] = () => AssertBothReject<Person>("""{"name":"Ada","age":1} x"""),
#if NET10_0_OR_GREATER
        ["duplicate property"] = () => AssertBothReject<Person>("""{"name":"Ada","name":"Bo","age":1}"""),
#endif
        ["wrong shape"] = () => AssertBothReject<List<Person>>(Clients.PersonJson),
        ["unknown enum name"] = () => AssertBothReject<OrderStatus>("\"shipped\""),
        ["enum number in a string"] = () => AssertBothReject<OrderStatus>("\"1\""),
        ["enum blank for non-nullable"] = () => AssertBothReject<OrderStatus>("\"\""),
        ["enum fractional number"] = () => AssertBothReject<OrderStatus>("1.5"),
        ["enum comma separated flags"] = () => AssertBothReject<Permissions>("\"read, write\""),
        ["enum boolean"] = () => AssertBothReject<OrderStatus>("true"),
        ["number too large for int"] = () => AssertBothReject<Person>("""{"name":"x","age":2147483648}"""),
        ["comments"] = () => AssertBothReject<Person>("""{"name":"x" /* c */,"age":1}"""),
        ["trailing comma"] = () => AssertBothReject<Person>("""{"name":"x","age":1,}"""),
    };

    public static TheoryData<string> WriteCases { get; } = [.. s_writeCases.Keys];

    public static TheoryData<string> ReadCases { get; } = [.. s_readCases.Keys];

    public static TheoryData<string> RejectCases { get; } = [.. s_rejectCases.Keys];

    [Theory]
    [MemberData(nameof(WriteCases))]
    public Task Written_Bytes_Equal_Refit_Builtin_Serializer(string name) => s_writeCases[name]();

    [Theory]
    [MemberData(nameof(ReadCases))]
    public async Task Values_Read_Equal_Refit_Builtin_Serializer(string name)
    {
        var read = s_readCases[name];
#if REFIT17
        if (read.Refit16WireOnly)
        {
            // 16's wire (enum names, numbers in strings, blanks): both 17 defaults reject it; both set up for 16's wire read it alike.
            await read.BothRejectAsync(Pair.Defaults());
            await read.ReadsSameAsync(Pair.Refit16());
            return;
        }
#endif
        await read.ReadsSameAsync(Pair.Defaults());
    }

    [Theory]
    [MemberData(nameof(RejectCases))]
    public Task Json_Refit_Builtin_Rejects_Is_Rejected_With_JsonException(string name) => s_rejectCases[name]();

    [Fact]
    public async Task Sample_Order_Is_Written_As_The_Documented_Json()
    {
        var ours = await WrittenBy(new StjContentSerializer(), Bodies.SampleOrder());
        var refit16Wire = await WrittenBy(Refit16Wire.Serializer(), Bodies.SampleOrder());

        Assert.Equal(DefaultSampleOrderJson, Encoding.UTF8.GetString(ours.Async));
        Assert.Equal(Bodies.SampleOrderJson, Encoding.UTF8.GetString(refit16Wire.Async));
    }

    [Fact]
    public async Task Refit_Builtin_Serializer_Reads_What_StjContentSerializer_Writes()
    {
        var written = await WrittenBy(new StjContentSerializer(), Bodies.SampleOrder());

        var order = RefitControl.Serializer().DeserializeFromString<Order>(Encoding.UTF8.GetString(written.Sync));

        ResponseReadingTests.AssertIsSampleOrder(order);
    }

    internal static async Task AssertWritesSame<T>(T value)
    {
        var ours = await WrittenBy(new StjContentSerializer(), value);
        var builtin = await WrittenBy(RefitControl.Serializer(), value);

        // Compared as text first for a readable failure, then as bytes (which also covers a BOM or different escaping).
        Assert.Equal(Encoding.UTF8.GetString(builtin.Async), Encoding.UTF8.GetString(ours.Async));
        Assert.Equal(builtin.Async, ours.Async);
        Assert.Equal(builtin.Sync, ours.Sync);
        Assert.Equal(builtin.Streamed, ours.Streamed);
        Assert.Equal(builtin.ContentTypes, ours.ContentTypes);
        Assert.Equal(builtin.Async, ours.Sync);
        Assert.Equal(builtin.Async, ours.Streamed);
    }

    internal static async Task<Written> WrittenBy<TSerializer, T>(TSerializer serializer, T value)
        where TSerializer : IHttpContentSerializer, ISynchronousContentSerializer
    {
        using var async = serializer.ToHttpContent(value);
        using var sync = serializer.ToHttpContentSynchronous(value);
        using var streamed = serializer.ToStreamingHttpContent(value);
        return new Written(
            await Drain(async),
            await Drain(sync),
            await Drain(streamed),
            [async.Headers.ContentType?.ToString(), sync.Headers.ContentType?.ToString(), streamed.Headers.ContentType?.ToString()]);
    }

    internal static async Task AssertReadsSame<T>(Pair pair, string json)
    {
        var (builtin, ours) = pair;

        var expectedAsync = await builtin.FromHttpContentAsync<T>(Bodies.Json(json));
        var expectedSync = builtin.DeserializeFromString<T>(json);
        var actualAsync = await ours.FromHttpContentAsync<T>(Bodies.Json(json));
        var actualSync = ours.DeserializeFromString<T>(json);

        // Values are compared through one serializer's output, which covers every member, nested ones included.
        var expected = Render(expectedAsync, builtin);
        Assert.Equal(expected, Render(expectedSync, builtin));
        Assert.Equal(expected, Render(actualAsync, builtin));
        Assert.Equal(expected, Render(actualSync, builtin));
        Assert.Equal(expectedAsync?.GetType(), actualAsync?.GetType());
        if (expectedAsync is Envelope { Payload: { } payload })
        {
            Assert.Equal(payload.GetType(), (actualAsync as Envelope)?.Payload?.GetType());
        }
    }

    internal static Task AssertBothReject<T>(string json) => AssertBothReject<T>(Pair.Defaults(), json);

    internal static async Task AssertBothReject<T>(Pair pair, string json)
    {
        var (builtin, ours) = pair;

        await Assert.ThrowsAnyAsync<JsonException>(() => builtin.FromHttpContentAsync<T>(Bodies.Json(json)));
        await Assert.ThrowsAnyAsync<JsonException>(() => ours.FromHttpContentAsync<T>(Bodies.Json(json)));
        Assert.ThrowsAny<JsonException>(() => builtin.DeserializeFromString<T>(json));
        Assert.ThrowsAny<JsonException>(() => ours.DeserializeFromString<T>(json));
    }

    private static string Render<T>(T value, SystemTextJsonContentSerializer builtin) =>
        JsonSerializer.Serialize(value, builtin.SerializerOptions);

    private static async Task<byte[]> Drain(HttpContent content)
    {
        using var wire = new MemoryStream();
        await content.CopyToAsync(wire);
        return wire.ToArray();
    }

    private static ReadCase<T> Read<T>(string json) => new(json, Refit16WireOnly: false);

    // Read only on Refit 16's wire; on 17 both defaults reject it (the test checks both).
    private static ReadCase<T> Read16<T>(string json) => new(json, Refit16WireOnly: true);

    /// <summary>Refit's serializer and RefitStj's, configured alike.</summary>
    internal sealed record Pair(SystemTextJsonContentSerializer Builtin, StjContentSerializer Ours)
    {
        /// <summary>Each side's defaults on the Refit line in use: what a user switching serializers gets.</summary>
        public static Pair Defaults() => new(RefitControl.Serializer(), new StjContentSerializer());

        /// <summary>Each side set up for Refit 16's wire (on 16, the defaults).</summary>
        public static Pair Refit16() => new(Refit16Wire.RefitSerializer(), Refit16Wire.Serializer());
    }

    internal abstract record ReadCase(string Json, bool Refit16WireOnly)
    {
        public abstract Task ReadsSameAsync(Pair pair);

        public abstract Task BothRejectAsync(Pair pair);
    }

    internal sealed record ReadCase<T>(string Json, bool Refit16WireOnly) : ReadCase(Json, Refit16WireOnly)
    {
        public override Task ReadsSameAsync(Pair pair) => AssertReadsSame<T>(pair, Json);

        public override Task BothRejectAsync(Pair pair) => AssertBothReject<T>(pair, Json);
    }

    internal sealed record Written(byte[] Async, byte[] Sync, byte[] Streamed, string?[] ContentTypes);
}
