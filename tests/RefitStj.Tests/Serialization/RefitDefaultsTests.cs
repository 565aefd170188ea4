using System.Text.Json;
using RefitStj.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

/// <summary>Pins the default wire format: the bytes Refit's built-in serializer writes and the values it reads.</summary>
public sealed class RefitDefaultsTests
{
    // 16's wire: the defaults on 16; on 17 the options that keep it (17's own defaults: RefitDefaultsLineTests).
#if REFIT17
    private readonly StjContentSerializer _serializer = Refit16Wire.Serializer();
#else
    private readonly StjContentSerializer _serializer = new();
#endif

    [Fact]
    public async Task Writes_The_Exact_Bytes_Of_Refits_Default()
    {
        using var content = _serializer.ToHttpContent(Bodies.SampleOrder());

        Assert.Equal(Bodies.SampleOrderJson, await Bodies.TextOf(content));
    }

    [Fact]
    public void Reads_Back_What_It_Writes()
    {
        var order = _serializer.DeserializeFromString<Order>(Bodies.SampleOrderJson)!;

        Assert.Equal(7, order.Id);
        Assert.Equal(OrderStatus.InTransit, order.Status);
        Assert.Null(order.PreviousStatus);
        Assert.Equal(12.50m, order.Total);
        Assert.Equal(new DateTimeOffset(2026, 11, 22, 10, 0, 0, TimeSpan.FromHours(1)), order.PlacedAt);
        Assert.Equal(2, order.CountsByStatus[OrderStatus.LostInSpace]);
        Assert.Equal([[1, 2], [3]], order.Grid);
        Assert.Equal("X-1", order.Sku);
        Assert.Equal(Permissions.Read | Permissions.Write, order.Permissions);
        var extra = Assert.IsType<JsonElement>(order.Extra);
        Assert.Equal("Bo", extra.GetProperty("name").GetString());
    }

    [Fact]
    public void Reads_Numbers_Sent_As_Strings_And_Names_In_Any_Case()
    {
        var order = _serializer.DeserializeFromString<Order>(
            """{"ID":"41","quantity":"5","total":"9.75","STATUS":"DELIVERED","previousStatus":"Pending","permissions":1}""")!;

        Assert.Equal(41, order.Id);
        Assert.Equal(5, order.Quantity);
        Assert.Equal(9.75m, order.Total);
        Assert.Equal(OrderStatus.Delivered, order.Status);
        Assert.Equal(OrderStatus.Pending, order.PreviousStatus);
        Assert.Equal(Permissions.Read, order.Permissions);
    }

    [Theory]
    [InlineData("true", typeof(bool))]
    [InlineData("false", typeof(bool))]
    [InlineData("42", typeof(long))]
    [InlineData("4.5", typeof(double))]
    [InlineData("\"2026-01-02T03:04:05Z\"", typeof(DateTime))]
    [InlineData("\"plain\"", typeof(string))]
    [InlineData("[1,2]", typeof(JsonElement))]
    [InlineData("{\"a\":1}", typeof(JsonElement))]
    public void Reads_Object_Values_As_Inferred_Types(string json, Type expected)
    {
        var envelope = _serializer.DeserializeFromString<Envelope>($$"""{"payload":{{json}}}""")!;

        Assert.IsType(expected, envelope.Payload);
    }

    [Fact]
    public void Reads_Null_Object_Value_As_Null()
    {
        Assert.Null(_serializer.DeserializeFromString<Envelope>("""{"payload":null}""")!.Payload);
    }

#if NET10_0_OR_GREATER
    [Fact]
    public void Rejects_Duplicate_Properties()
    {
        var ex = Assert.Throws<JsonException>(() => _serializer.DeserializeFromString<Person>("""{"name":"a","name":"b","age":1}"""));

        Assert.Contains("Person", ex.Message, StringComparison.Ordinal);
    }
#endif

    [Fact]
    public async Task Writes_Bare_Object_As_Empty_Object_And_Null_As_Null()
    {
        using var bare = _serializer.ToHttpContent(new object());
        using var nothing = _serializer.ToHttpContent<Person?>(null);

        Assert.Equal("{}", await Bodies.TextOf(bare));
        Assert.Equal("null", await Bodies.TextOf(nothing));
    }

    [Fact]
    public async Task Writes_Object_Members_By_Runtime_Type()
    {
        using var content = _serializer.ToHttpContent(new Envelope { Payload = new Person("Cy", 9) });

        Assert.Equal("""{"payload":{"name":"Cy","age":9}}""", await Bodies.TextOf(content));
    }

    [Fact]
    public void CreateDefaultOptions_Returns_A_New_Mutable_Instance_Each_Call()
    {
        var first = StjContentSerializer.CreateDefaultOptions();
        var second = StjContentSerializer.CreateDefaultOptions();

        Assert.NotSame(first, second);
        Assert.False(first.IsReadOnly);
        Assert.True(first.PropertyNameCaseInsensitive);
        Assert.Same(JsonNamingPolicy.CamelCase, first.PropertyNamingPolicy);
#if NET10_0_OR_GREATER
        Assert.False(first.AllowDuplicateProperties);
#endif
#if REFIT17
        // Refit 17's defaults add nothing to names and case: numbers are strict and no converter is registered.
        Assert.Equal(System.Text.Json.Serialization.JsonNumberHandling.Strict, first.NumberHandling);
        Assert.Empty(first.Converters);
#else
        Assert.Equal(System.Text.Json.Serialization.JsonNumberHandling.AllowReadingFromString, first.NumberHandling);
        Assert.Equal(2, first.Converters.Count);
#endif
    }
}

// No serializer is built before the test body, so when this test is the first in the process to ask, its threads race to create the shared options.
public sealed class RefitDefaultsSharedInstanceTests
{
    [Fact]
    public async Task Default_Serializers_Created_At_Once_On_Many_Threads_Share_One_Read_Only_Options_Instance_With_A_Resolver()
    {
        const int Threads = 8;
        using var start = new Barrier(Threads);
        var workers = Enumerable.Range(0, Threads).Select(i => Task.Factory.StartNew(
            () =>
            {
                start.SignalAndWait();
                return i % 2 == 0 ? RefitDefaults.GetShared() : new StjContentSerializer().Options;
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default)).ToList();

        var seen = await Task.WhenAll(workers);

        Assert.All(seen, options => Assert.Same(seen[0], options));
        Assert.Same(seen[0], new StjContentSerializer().Options);
        Assert.True(seen[0].IsReadOnly);
        Assert.NotNull(seen[0].TypeInfoResolver);
        Assert.Throws<InvalidOperationException>(() => seen[0].WriteIndented = true);
    }

    [Fact]
    public void Each_Frozen_Copy_Of_The_Defaults_Is_Read_Only_And_Resolves_Types_By_Reflection()
    {
        var options = RefitDefaults.CreateFrozen();

        Assert.True(options.IsReadOnly);
        Assert.NotNull(options.TypeInfoResolver);
        Assert.Equal(typeof(Person), options.GetTypeInfo(typeof(Person)).Type);
        Assert.NotSame(options, RefitDefaults.CreateFrozen());
    }
}
