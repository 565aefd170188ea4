using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using CsCheck;
using Refit;
using RefitStj.Tests.Suites.Parity;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

/// <summary>
/// <see cref="RefitEnumConverter{TEnum}"/> named in a source-generated context (<see cref="RefitEnumContext"/>) against
/// Refit's own <see cref="SystemTextJsonContentSerializer"/> with its reflection defaults, over generated values and JSON
/// for every backing type: the same bytes written, the same values read, and the same failures, but for the two known
/// differences (an out-of-range number is a <see cref="JsonException"/>, not an <see cref="OverflowException"/>; a
/// numeric dictionary key reads). On Refit 17, which has no such converter, the control is Refit's serializer over
/// CreateRefit16Options (<see cref="Refit16Wire.RefitSerializer"/>): the context converter must match the reflection one.
/// </summary>
public sealed class RefitEnumConverterTests
{
    private static readonly SystemTextJsonContentSerializer s_refit = Refit16Wire.RefitSerializer();
    private static readonly StjContentSerializer s_ours = new StjContentSerializer(RefitEnumContext.Default);

    [Fact]
    public void Converts_Exactly_Its_Enum_And_Its_Nullable()
    {
        var factory = new RefitEnumConverter<OrderStatus>();

        Assert.True(factory.CanConvert(typeof(OrderStatus)));
        Assert.True(factory.CanConvert(typeof(OrderStatus?)));
        Assert.False(factory.CanConvert(typeof(Permissions)));
        Assert.False(factory.CanConvert(typeof(int)));
        Assert.IsAssignableFrom<JsonConverter<OrderStatus>>(factory.CreateConverter(typeof(OrderStatus), JsonSerializerOptions.Default));
        Assert.IsAssignableFrom<JsonConverter<OrderStatus?>>(factory.CreateConverter(typeof(OrderStatus?), JsonSerializerOptions.Default));
    }

    [Fact]
    public async Task A_Context_Naming_It_Writes_What_Refit_Writes()
    {
        var order = new EnumOrder(OrderStatus.LostInSpace, null, Permissions.Read | Permissions.Write, [OrderStatus.InTransit, (OrderStatus)9],
            new() { [OrderStatus.Delivered] = 1, [(OrderStatus)(-3)] = 2 });

        var ours = await Bodies.TextOf(s_ours.ToHttpContent(order));

        Assert.Equal(
            $$$"""{"status":"{{{Wire.LostInSpace}}}","previous":null,"permissions":3,"history":["inTransit",9],"counts":{"delivered":1,"-3":2}}""",
            ours);
        Assert.Equal(await Bodies.TextOf(s_refit.ToHttpContent(order)), ours);
    }

    [Fact]
    public void A_Context_Naming_It_Reads_What_Refit_Reads()
    {
        const string json = """{"STATUS":"INTRANSIT","previous":"  ","permissions":"write","history":["delivered",2,"Pending"],"counts":{"PENDING":4}}""";

        var ours = s_ours.DeserializeFromString<EnumOrder>(json)!;

        Assert.Equal((OrderStatus.InTransit, (OrderStatus?)null, Permissions.Write), (ours.Status, ours.Previous, ours.Permissions));
        Assert.Equal([OrderStatus.Delivered, OrderStatus.Delivered, OrderStatus.Pending], ours.History);
        Assert.Equal(KeyValuePair.Create(OrderStatus.Pending, 4), Assert.Single(ours.Counts!));
        Assert.Equal(Structural.Show(s_refit.DeserializeFromString<EnumOrder>(json)), Structural.Show(ours));
    }

#if NET9_0_OR_GREATER
    [Fact]
    public async Task A_Wire_Name_Equal_To_A_Later_Members_Declared_Name_Reads_As_The_Named_Member_Where_Refit_Reads_The_Later_One()
    {
        // Known difference (Suites/EndToEnd/KnownDifferencesTests): what is written reads back as itself.
        Assert.Equal("\"Foo\"", await Bodies.TextOf(s_ours.ToHttpContent(Renamed.Bar)));
        Assert.Equal(Renamed.Bar, s_ours.DeserializeFromString<Renamed>("\"Foo\""));
#if REFIT17
        // Refit 17 has no enum converter of its own: the 16-wire control is RefitStj's reflection converter, which agrees.
        Assert.Equal(Renamed.Bar, s_refit.DeserializeFromString<Renamed>("\"Foo\""));
#else
        Assert.Equal(Renamed.Foo, s_refit.DeserializeFromString<Renamed>("\"Foo\""));
#endif

        // Everything else as Refit: the declared name in any case, and the last of two names for one value written.
        Assert.Equal("\"primary\"", await Bodies.TextOf(s_ours.ToHttpContent(Renamed.First)));
        Assert.Equal(await Bodies.TextOf(s_refit.ToHttpContent(Renamed.First)), await Bodies.TextOf(s_ours.ToHttpContent(Renamed.First)));
        foreach (var json in new[] { "\"foo\"", "\"FOO\"", "\"Bar\"", "\"bar\"", "\"first\"", "\"FIRST\"", "\"Primary\"" })
        {
            Assert.Equal(s_refit.DeserializeFromString<Renamed>(json), s_ours.DeserializeFromString<Renamed>(json));
        }
    }
#endif

    [Fact]
    public Task Every_Backing_Type_Writes_What_Refit_Writes() =>
        Sweep.RunAsync(s_writeCases, 400, static c => c.Check(), static c => c.Show);

    [Fact]
    public Task Every_Backing_Type_Reads_What_Refit_Reads_But_For_The_Known_Differences() =>
        Sweep.RunAsync(s_readCases, 1500, static c => c.Check(), static c => c.Show);

    private static readonly Gen<EnumCase> s_writeCases = Gen.OneOf(
        Writes(Gen.Int[-3, 5].Select(static i => (OrderStatus)i)),
        Writes(Gen.Byte.Select(static b => (Permissions)b)),
        Writes(Gen.Short.Select(static s => (Temperature)s)),
        Writes(Gen.SByte.Select(static s => (Tiny)s)),
        Writes(Gen.UShort.Select(static u => (Port)u)),
        Writes(Gen.UInt.Select(static u => (Mask)u)),
        Writes(Gen.Long.Select(static l => (Ticks)l)),
        Writes(Gen.ULong.Select(static u => (Huge)u)));

    private static readonly Gen<EnumCase> s_readCases = Gen.OneOf(
        Reads<OrderStatus>(), Reads<Permissions>(), Reads<Temperature>(), Reads<Tiny>(),
        Reads<Port>(), Reads<Mask>(), Reads<Ticks>(), Reads<Huge>());

    private static Gen<EnumCase> Writes<TEnum>(Gen<TEnum> values)
        where TEnum : struct, Enum =>
        Gen.OneOf(values, Gen.OneOfConst(Enum.GetValues<TEnum>())).Array[0, 4].Select(static array => new EnumCase(
            $"{typeof(TEnum).Name}[{string.Join(", ", array)}]",
            async () =>
            {
                await AssertWritesAlike(array);
                await AssertWritesAlike(array.Select(static v => (TEnum?)v).Append(null).ToList());
                var keyed = new Dictionary<TEnum, int>();
                foreach (var value in array)
                {
                    keyed.TryAdd(value, keyed.Count);
                }

                await AssertWritesAlike(keyed);
            }));

    /// <summary>JSON for one enum value: a declared or wire name in any case, a number in or out of range, blanks, null, junk.</summary>
    private static Gen<EnumCase> Reads<TEnum>()
        where TEnum : struct, Enum
    {
        var names = Enum.GetNames<TEnum>().SelectMany(static n => new[] { n, char.ToLowerInvariant(n[0]) + n[1..] }).Append(Wire.LostInSpace).ToArray();
        var casedName = Gen.Select(Gen.OneOfConst(names), Gen.Int, static (name, mask) =>
            string.Concat(name.Select((c, i) => ((mask >> (i % 31)) & 1) == 1 ? char.ToUpperInvariant(c) : c)));
        var token = Gen.Frequency(
            (4, casedName.Select(static n => JsonSerializer.Serialize(n))),
            (3, Gen.Long.Select(static l => l.ToString(CultureInfo.InvariantCulture))),
            (2, Gen.Int[-300, 300].Select(static i => i.ToString(CultureInfo.InvariantCulture))),
            (1, Gen.ULong.Select(static u => u.ToString(CultureInfo.InvariantCulture))),
            (1, Gen.Int[-300, 300].Select(static i => $"\"{i}\"")),
            (1, Gen.OneOfConst("null", "\"\"", "\"  \"", "1.5", "1e3", "true", "{}", "[]", "\"red, write\"", "18446744073709551616")));
        return token.Select(static json => new EnumCase(typeof(TEnum).Name + " " + json, () =>
        {
            AssertReadsAlike<TEnum>(json);
            AssertReadsAlike<TEnum?>(json);
            AssertReadsAlike<List<TEnum?>>($"[{json}]");
            if (json.StartsWith('"'))
            {
                AssertReadsAlike<Dictionary<TEnum, int>>($"{{{json}:1}}", numericKey: JsonSerializer.Deserialize<string>(json));
            }

            return Task.CompletedTask;
        }));
    }

    private static async Task AssertWritesAlike<T>(T value)
    {
        using var refits = s_refit.ToHttpContent(value);
        using var ours = s_ours.ToHttpContent(value);
        Assert.Equal(await Bodies.TextOf(refits), await Bodies.TextOf(ours));
    }

    private static void AssertReadsAlike<T>(string json, string? numericKey = null)
    {
        var refits = Outcome(() => s_refit.DeserializeFromString<T>(json));
        var ours = Outcome(() => s_ours.DeserializeFromString<T>(json));

        // The known differences (README, Compatibility), each where Refit's default throws.
        if (refits == "throws OverflowException")
        {
            Assert.Equal("throws JsonException", ours);
        }
        else if (numericKey is not null && refits == "throws JsonException" && ours != refits)
        {
            Assert.True(long.TryParse(numericKey, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _), $"{json}: {ours}");
            Assert.DoesNotContain("throws", ours, StringComparison.Ordinal);
        }
        else
        {
            Assert.True(refits == ours, $"{typeof(T).Name} from {json}: Refit {refits}, RefitStj {ours}");
        }
    }

    private static string Outcome<T>(Func<T> read)
    {
        try
        {
            return Structural.Show(read());
        }
        catch (Exception ex)
        {
            return "throws " + ex.GetType().Name;
        }
    }

    public sealed record EnumCase(string Show, Func<Task> Check);

    public sealed record EnumOrder(OrderStatus Status, OrderStatus? Previous, Permissions Permissions, List<OrderStatus>? History, Dictionary<OrderStatus, int>? Counts);

#if NET9_0_OR_GREATER
    /// <summary>A wire name equal to a later member's declared name, and two names for one value.</summary>
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1069", Justification = "Two names for one value is the case under test.")]
    public enum Renamed
    {
        [JsonStringEnumMemberName("Foo")]
        Bar = 1,
        Foo = 0,
        First = 2,
        Primary = 2,
    }
#endif
}

/// <summary>Refit's default options as a source-generated context: one <see cref="RefitEnumConverter{TEnum}"/> per enum.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[]
    {
        typeof(RefitObjectConverter), typeof(RefitEnumConverter<OrderStatus>), typeof(RefitEnumConverter<Permissions>),
        typeof(RefitEnumConverter<Temperature>), typeof(RefitEnumConverter<Tiny>), typeof(RefitEnumConverter<Port>),
        typeof(RefitEnumConverter<Mask>), typeof(RefitEnumConverter<Ticks>), typeof(RefitEnumConverter<Huge>),
#if NET9_0_OR_GREATER
        typeof(RefitEnumConverter<RefitEnumConverterTests.Renamed>),
#endif
    })]
[JsonSerializable(typeof(RefitEnumConverterTests.EnumOrder))]
#if NET9_0_OR_GREATER
[JsonSerializable(typeof(RefitEnumConverterTests.Renamed))]
#endif
[JsonSerializable(typeof(OrderStatus[]))]
[JsonSerializable(typeof(List<OrderStatus?>))]
[JsonSerializable(typeof(Dictionary<OrderStatus, int>))]
[JsonSerializable(typeof(Permissions[]))]
[JsonSerializable(typeof(List<Permissions?>))]
[JsonSerializable(typeof(Dictionary<Permissions, int>))]
[JsonSerializable(typeof(Temperature[]))]
[JsonSerializable(typeof(List<Temperature?>))]
[JsonSerializable(typeof(Dictionary<Temperature, int>))]
[JsonSerializable(typeof(Tiny[]))]
[JsonSerializable(typeof(List<Tiny?>))]
[JsonSerializable(typeof(Dictionary<Tiny, int>))]
[JsonSerializable(typeof(Port[]))]
[JsonSerializable(typeof(List<Port?>))]
[JsonSerializable(typeof(Dictionary<Port, int>))]
[JsonSerializable(typeof(Mask[]))]
[JsonSerializable(typeof(List<Mask?>))]
[JsonSerializable(typeof(Dictionary<Mask, int>))]
[JsonSerializable(typeof(Ticks[]))]
[JsonSerializable(typeof(List<Ticks?>))]
[JsonSerializable(typeof(Dictionary<Ticks, int>))]
[JsonSerializable(typeof(Huge[]))]
[JsonSerializable(typeof(List<Huge?>))]
[JsonSerializable(typeof(Dictionary<Huge, int>))]
internal sealed partial class RefitEnumContext : JsonSerializerContext;
