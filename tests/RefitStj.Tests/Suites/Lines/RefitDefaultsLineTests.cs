using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Lines;

/// <summary>RefitStj's defaults against the defaults of the Refit line in use (16: string enums; 17: numbers, JsonElement).</summary>
public sealed class RefitDefaultsLineTests
{
    [Fact]
    public void CreateDefaultOptions_Matches_Refits_Default_Options_Member_By_Member()
    {
        var ours = StjContentSerializer.CreateDefaultOptions();
        var refits = SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions();

        Assert.Same(refits.PropertyNamingPolicy, ours.PropertyNamingPolicy);
        Assert.Equal(refits.PropertyNameCaseInsensitive, ours.PropertyNameCaseInsensitive);
        Assert.Equal(refits.NumberHandling, ours.NumberHandling);
        Assert.Equal(refits.Converters.Count, ours.Converters.Count);
#if NET10_0_OR_GREATER
        Assert.Equal(refits.AllowDuplicateProperties, ours.AllowDuplicateProperties);
#endif
#if REFIT17
        Assert.Empty(ours.Converters);
#else
        // Refit 16 registers a string-enum and an inferred-object converter; RefitStj its own of each kind.
        Assert.Equal(["CamelCaseStringEnumConverter", "ObjectToInferredTypesConverter"], refits.Converters.Select(c => c.GetType().Name).Order());
        Assert.All(ours.Converters, c => Assert.StartsWith("RefitStj.", c.GetType().FullName, StringComparison.Ordinal));
#endif
    }

    [Fact]
    public async Task Default_Serializer_Writes_The_Bytes_Of_The_Refit_In_Use()
    {
        using var ours = new StjContentSerializer().ToHttpContent(Bodies.SampleOrder());
        using var refits = RefitControl.Serializer().ToHttpContent(Bodies.SampleOrder());

        Assert.Equal(await refits.ReadAsStringAsync(), await Bodies.TextOf(ours));
    }

    [Fact]
    public void Default_Serializer_Writes_Enums_As_The_Refit_In_Use_Does()
    {
        var written = JsonSerializer.Serialize(OrderStatus.InTransit, new StjContentSerializer().Options);

#if REFIT17
        Assert.Equal("1", written);
#else
        Assert.Equal("\"inTransit\"", written);
#endif
    }

    [Fact]
    public void Default_Serializer_Reads_An_Object_Value_As_The_Refit_In_Use_Does()
    {
        var payload = new StjContentSerializer().DeserializeFromString<Envelope>("""{"payload":42}""")!.Payload;

#if REFIT17
        Assert.Equal(42, Assert.IsType<JsonElement>(payload).GetInt32());
#else
        Assert.Equal(42L, Assert.IsType<long>(payload));
#endif
    }

    [Fact]
    public void Default_Serializer_Reads_A_Number_Sent_As_A_String_Only_On_Refit_16()
    {
        const string Json = """{"name":"Ada","age":"36"}""";

#if REFIT17
        Assert.Throws<JsonException>(() => new StjContentSerializer().DeserializeFromString<Person>(Json));
        Assert.Throws<JsonException>(() => RefitControl.Serializer().DeserializeFromString<Person>(Json));
#else
        Assert.Equal(new Person("Ada", 36), new StjContentSerializer().DeserializeFromString<Person>(Json));
        Assert.Equal(new Person("Ada", 36), RefitControl.Serializer().DeserializeFromString<Person>(Json));
#endif
    }

    [Fact]
    public async Task Refit16_Options_Write_And_Read_What_Refit_Configured_For_16s_Wire_Does()
    {
        var ours = new StjContentSerializer(StjContentSerializer.CreateRefit16Options());
        var refits = Refit16Wire.RefitSerializer();
        using var oursContent = ours.ToHttpContent(Bodies.SampleOrder());

        Assert.Equal(Bodies.SampleOrderJson, await Bodies.TextOf(oursContent));
        using var refitsContent = refits.ToHttpContent(Bodies.SampleOrder());
        Assert.Equal(Bodies.SampleOrderJson, await refitsContent.ReadAsStringAsync());
        var read = ours.DeserializeFromString<Order>("""{"id":"41","status":"DELIVERED"}""")!;
        Assert.Equal(41, read.Id);
        Assert.Equal(OrderStatus.Delivered, read.Status);
        Assert.Equal(42L, Assert.IsType<long>(ours.DeserializeFromString<Envelope>("""{"payload":42}""")!.Payload));
    }
}
