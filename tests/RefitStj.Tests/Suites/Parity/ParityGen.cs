using System.Globalization;
using System.Text.Json;
using CsCheck;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Parity;

/// <summary>Generators for the parity zoo: values at their limits, awkward text, every enum shape, deep graphs.</summary>
internal static class ParityGen
{
    public static readonly Gen<string> Text = ParityText.Any;

    public static readonly Gen<int> Ints = Edges(Gen.Int, int.MinValue, int.MaxValue, 0, -1);
    public static readonly Gen<long> Longs = Edges(Gen.Long, long.MinValue, long.MaxValue, (1L << 53) + 1, -(1L << 53) - 1);
    public static readonly Gen<double> Doubles = Edges(
        Gen.Frequency((2, Gen.Double[-1e6, 1e6]), (3, Gen.ULong.Select(BitConverter.UInt64BitsToDouble).Where(double.IsFinite))),
        double.MaxValue, double.MinValue, double.Epsilon, -0.0, 0.1, 1e-320, 9007199254740993.0, 123456789.123456789);

    public static readonly Gen<decimal> Decimals = Edges(
        Gen.Decimal, decimal.MaxValue, decimal.MinValue, 0.0000000000000000000000000001m, 1.00m, new decimal(0, 0, 0, isNegative: true, scale: 3));

    public static readonly Gen<DateTime> DateTimes = Gen.Select(
        Edges(Gen.DateTime, System.DateTime.MinValue, System.DateTime.MaxValue),
        Gen.OneOfConst(DateTimeKind.Utc, DateTimeKind.Local, DateTimeKind.Unspecified),
        static (time, kind) => System.DateTime.SpecifyKind(time, kind));

    public static readonly Gen<DateTimeOffset> DateTimeOffsets = Edges(Gen.DateTimeOffset, System.DateTimeOffset.MinValue, System.DateTimeOffset.MaxValue);

    // Strings the object converter reads back as DateTimes, and near misses it must leave as strings.
    public static readonly Gen<string> DateLike = Gen.Select(
        Gen.DateTime,
        Gen.OneOfConst("O", "s", "yyyy-MM-dd", "yyyy-MM-ddTHH:mm", "yyyy-MM-ddTHH:mmK", "u", "R", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-ddTHH:mm:ss.fffffffzzz"),
        static (time, format) => time.ToString(format, CultureInfo.InvariantCulture));

    public static readonly Gen<OrderStatus> Statuses = Named(Gen.Int.Select(static i => (OrderStatus)i));
    public static readonly Gen<Permissions> PermissionSets = Named(Gen.Byte.Select(static b => (Permissions)b));
    public static readonly Gen<Access> AccessValues = Named(Gen.Int[-1, 16].Select(static i => (Access)i));

    public static readonly Gen<Vehicle> Vehicles = Gen.Frequency(
        (1, Gen.Select(Text.Null(), Ints, static (make, wheels) => (Vehicle)new Car { Make = make, Wheels = wheels })),
        (1, Gen.Select(Gen.Bool, Ints, static (electric, wheels) => (Vehicle)new Bike { Electric = electric, Wheels = wheels })));

    public static readonly Gen<Person> People = Gen.Select(Text, Ints, static (name, age) => new Person(name, age));

    /// <summary>Valid JSON text of any shape, with member names and values the zoo's types react to.</summary>
    public static readonly Gen<string> Json = RandomJson.Document;

    public static readonly Gen<JsonElement> Elements = RandomJson.Value.Select(static json => JsonSerializer.Deserialize<JsonElement>(json));

    /// <summary>What an <see cref="object"/> member can hold: every inferred type, and graphs of them.</summary>
    public static readonly Gen<object?> Anything = Gen.Recursive<object?>((depth, self) =>
    {
        var leaf = Gen.Frequency<object?>(
            (2, Gen.Const<object?>(static () => null)),
            (2, Ints.Select(static i => (object?)i)),
            (2, Longs.Select(static l => (object?)l)),
            (2, Doubles.Select(static d => (object?)d)),
            (1, Decimals.Select(static m => (object?)m)),
            (2, Gen.Bool.Select(static b => (object?)b)),
            (3, Text.Select(static s => (object?)s)),
            (2, DateLike.Select(static s => (object?)s)),
            (1, DateTimes.Select(static t => (object?)t)),
            (1, DateTimeOffsets.Select(static t => (object?)t)),
            (1, Gen.Guid.Select(static g => (object?)g)),
            (1, Statuses.Select(static e => (object?)e)),
            (1, AccessValues.Select(static e => (object?)e)),
            (1, Gen.Const<object?>(static () => new object())),
            (1, Gen.Byte.Array[0, 8].Select(static b => (object?)b)),
            (1, People.Select(static p => (object?)p)),
            (1, Elements.Select(static e => (object?)e)));
        return depth >= 3
            ? leaf
            : Gen.Frequency<object?>(
                (6, leaf),
                (1, self.Array[0, 4].Select(static a => (object?)a)),
                (1, self.List[0, 4].Select(static l => (object?)l)),
                (1, DictionaryOf(Text, self, 4).Select(static d => (object?)d)),
                (1, Vehicles.Select(static v => (object?)v)));
    });

    public static readonly Gen<Scalars> ScalarValues = Gen.Select(
        Gen.Select(Ints, Longs, Edges(Gen.Short, short.MinValue, short.MaxValue), Edges(Gen.Byte, byte.MaxValue), Edges(Gen.SByte, sbyte.MinValue, sbyte.MaxValue), Edges(Gen.UInt, uint.MaxValue), Edges(Gen.ULong, ulong.MaxValue), Edges(Gen.UShort, ushort.MaxValue)),
        Gen.Select(
            Edges(Gen.Select(Gen.ULong, Gen.ULong, static (upper, lower) => (Int128)new UInt128(upper, lower)), Int128.MinValue, Int128.MaxValue),
            Doubles,
            Edges(Gen.UInt.Select(BitConverter.UInt32BitsToSingle).Where(float.IsFinite), float.MaxValue, float.MinValue, float.Epsilon, -0f),
            Edges(Gen.UShort.Select(BitConverter.UInt16BitsToHalf).Where(Half.IsFinite), Half.MaxValue, Half.MinValue, Half.Epsilon, Half.NegativeZero),
            Decimals,
            Gen.Bool,
            Gen.Char,
            DateTimes),
        Gen.Select(
            DateTimeOffsets,
            Edges(Gen.DateOnly, DateOnly.MinValue, DateOnly.MaxValue),
            Edges(Gen.TimeOnly, TimeOnly.MinValue, TimeOnly.MaxValue),
            Edges(Gen.TimeSpan, TimeSpan.MinValue, TimeSpan.MaxValue),
            Gen.Guid,
            Text.Null(),
            Gen.Byte.Array[0, 40].Null(),
            Ints.Nullable()),
        Doubles.Nullable(),
        static (a, b, c, maybeDouble) => new Scalars(
            a.Item1, a.Item2, a.Item3, a.Item4, a.Item5, a.Item6, a.Item7, a.Item8,
            b.Item1, b.Item2, b.Item3, b.Item4, b.Item5, b.Item6, b.Item7, b.Item8,
            c.Item1, c.Item2, c.Item3, c.Item4, c.Item5, c.Item6, c.Item7, c.Item8,
            maybeDouble));

    public static readonly Gen<Enums> EnumValues = Gen.Select(
        Gen.Select(Statuses, Statuses.Nullable(), PermissionSets, AccessValues.Nullable(), Named(Gen.Short.Select(static s => (Temperature)s)), Named(Gen.SByte.Select(static s => (Tiny)s)), Named(Gen.UShort.Select(static s => (Port)s)), Named(Gen.UInt.Select(static u => (Mask)u))),
        Gen.Select(Named(Gen.Long.Select(static l => (Ticks)l)), Named(Gen.ULong.Select(static u => (Huge)u)), Named(Gen.Int[-1, 6].Select(static i => (Aliased)i)), Statuses.Nullable().List[0, 5]),
        Gen.Select(
            DictionaryOf(Gen.Enum<OrderStatus>(), Ints, 4),
            DictionaryOf(Gen.Enum<Access>(), Text.Null(), 4),
            DictionaryOf(Gen.Enum<Tiny>(), Longs, 2),
            DictionaryOf(Gen.Enum<Huge>(), Gen.Bool, 1)),
        static (a, b, keyed) => new Enums
        {
            Status = a.Item1,
            Maybe = a.Item2,
            Flags = a.Item3,
            Access = a.Item4,
            Temperature = a.Item5,
            Tiny = a.Item6,
            Port = a.Item7,
            Mask = a.Item8,
            Ticks = b.Item1,
            Huge = b.Item2,
            Aliased = b.Item3,
            History = b.Item4,
            ByStatus = keyed.Item1,
            ByAccess = keyed.Item2,
            ByTiny = keyed.Item3,
            ByHuge = keyed.Item4,
        });

    public static readonly Gen<Loose> LooseValues = Gen.Select(
        Anything,
        Anything.List[0, 4],
        DictionaryOf(Text, Anything, 4),
        Elements,
        Elements.Nullable(),
        DictionaryOf(Gen.OneOfConst("value", "Extra", "unknown", "items", "$id"), Elements, 3).Null(0.5),
        static (value, items, bag, raw, maybeRaw, overflow) => new Loose { Value = value, Items = items, Bag = bag, Raw = raw, MaybeRaw = maybeRaw, Overflow = overflow });

    public static readonly Gen<Node> Nodes = Gen.Frequency(
        (12, Gen.Recursive<Node>((depth, self) => Gen.Select(
            Text.Null(),
            depth >= 3 ? Gen.Const<Node?>(static () => null) : self.Null(0.6),
            depth >= 3 ? Gen.Const(static () => new List<Node>()) : self.List[0, 3],
            Vehicles.List[0, 2],
            Vehicles.Null(),
            depth >= 2 ? Gen.Const<object?>(static () => null) : Anything,
            static (name, next, children, vehicles, vehicle, tag) => new Node { Name = name, Next = next, Children = children, Vehicles = vehicles, Vehicle = vehicle, Tag = tag }))),

        // Chains across System.Text.Json's default MaxDepth of 64, where writing and reading must fail alike.
        (1, Gen.Int[55, 70].Select(static length =>
        {
            var head = new Node { Name = "0" };
            for (var (node, i) = (head, 1); i < length; i++)
            {
                node = node.Next = new Node { Name = i.ToString(CultureInfo.InvariantCulture) };
            }

            return head;
        })));

    public static readonly Gen<Collections> CollectionValues = Gen.Select(
        Ints.Array[0, 6],
        People.List[0, 3].Select(static list => (IReadOnlyList<Person>)list),
        Text.List[0, 4].Select(static list => list.ToHashSet()),
        Longs.Array[0, 3].Array[0, 3],
        DictionaryOf(Ints, Text, 4),
        DictionaryOf(Gen.Guid, Doubles, 3),
        DictionaryOf(Text, DateTimeOffsets.List[0, 3], 3),
        Gen.Select(Ints, Ints, static (x, y) => new Point(x, y)).Array[0, 3],
        static (numbers, people, tags, jagged, byInt, byGuid, timelines, points) => new Collections(numbers, people, tags, jagged, byInt, byGuid, timelines, points));

    public static readonly Gen<Annotated> AnnotatedValues = Gen.Select(
        Ints, Text, Text.Null(), Longs, Statuses, Text,
        static (id, code, note, quoted, plain, hidden) => new Annotated { Id = id, Code = code, Note = note, Quoted = quoted, PlainEnum = plain, Hidden = hidden });

    public static readonly Gen<Order> Orders = Gen.Select(
        Gen.Select(Ints, Text.Null(), Statuses, Statuses.Nullable(), Ints.Nullable(), Decimals, DateTimeOffsets, DictionaryOf(Gen.Enum<OrderStatus>(), Ints, 4)),
        Gen.Select(Ints.List[0, 3].List[0, 3], Anything, Text.Null(), PermissionSets),
        static (a, b) => new Order
        {
            Id = a.Item1,
            CustomerName = a.Item2,
            Status = a.Item3,
            PreviousStatus = a.Item4,
            Quantity = a.Item5,
            Total = a.Item6,
            PlacedAt = a.Item7,
            CountsByStatus = a.Item8,
            Grid = b.Item1,
            Extra = b.Item2,
            Sku = b.Item3,
            Permissions = b.Item4,
        });

    /// <summary>Every declared type the properties write and read.</summary>
    public static readonly ParityRoot[] Roots =
    [
        new ParityRoot<Scalars>(ScalarValues),
        new ParityRoot<Enums>(EnumValues),
        new ParityRoot<Loose>(LooseValues),
        new ParityRoot<Node>(Nodes),
        new ParityRoot<Collections>(CollectionValues),
        new ParityRoot<Annotated>(AnnotatedValues),
        new ParityRoot<Order>(Orders),
        new ParityRoot<Envelope>(Anything.Select(static payload => new Envelope { Payload = payload })),
        new ParityRoot<Person?>(People.Null(0.1)),
        new ParityRoot<List<Vehicle>>(Vehicles.List[0, 4]),
        new ParityRoot<Vehicle>(Vehicles),
        new ParityRoot<object?>(Anything),
        new ParityRoot<Dictionary<string, object?>>(DictionaryOf(Text, Anything, 4)),
        new ParityRoot<Dictionary<OrderStatus, Person>>(DictionaryOf(Gen.Enum<OrderStatus>(), People, 4)),
        new ParityRoot<OrderStatus?>(Statuses.Nullable()),
        new ParityRoot<Access>(AccessValues),
        new ParityRoot<string?>(Text.Null(0.1)),
        new ParityRoot<double>(Gen.Frequency((12, Doubles), (1, Gen.OneOfConst(double.NaN, double.PositiveInfinity, double.NegativeInfinity)))),
        new ParityRoot<decimal>(Decimals),
        new ParityRoot<Point?>(Gen.Select(Ints, Ints, static (x, y) => new Point(x, y)).Nullable()),
        new ParityRoot<IShape>(Doubles.Select(static radius => (IShape)new Circle { Radius = radius })),
        new ParityRoot<Animal>(Gen.Select(Text, Gen.Bool, static (name, good) => (Animal)new Dog { Name = name, GoodBoy = good })),
    ];

    public static readonly Gen<ParityRoot> Root = Gen.OneOfConst(Roots);

    /// <summary>A root and a value of it.</summary>
    public static readonly Gen<(ParityRoot Root, object? Value)> Cases =
        Gen.Int[0, Roots.Length - 1].SelectMany(static i => Roots[i].Values.Select(value => (Roots[i], value)));

    /// <summary>Mostly the generator's own values, one time in four a limit.</summary>
    private static Gen<T> Edges<T>(Gen<T> any, params T[] edges) => Gen.Frequency((3, any), (1, Gen.OneOfConst(edges)));

    /// <summary>Mostly declared members, one time in five any value of the backing type (undeclared values and flag combinations).</summary>
    private static Gen<T> Named<T>(Gen<T> any)
        where T : struct, Enum => Gen.Frequency((4, Gen.Enum<T>()), (1, any));

    // Gen.Dictionary insists on distinct keys and can loop on small key sets; duplicates are dropped here instead.
    private static Gen<Dictionary<TKey, TValue>> DictionaryOf<TKey, TValue>(Gen<TKey> keys, Gen<TValue> values, int most)
        where TKey : notnull =>
        Gen.Select(keys.Array[0, most], values.Array[most], static (keys, values) =>
        {
            var dictionary = new Dictionary<TKey, TValue>();
            for (var i = 0; i < keys.Length; i++)
            {
                dictionary.TryAdd(keys[i], values[i]);
            }

            return dictionary;
        });
}
