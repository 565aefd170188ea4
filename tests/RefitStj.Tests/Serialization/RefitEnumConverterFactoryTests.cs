using System.Text.Json;
using RefitStj.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

public sealed class RefitEnumConverterFactoryTests
{
    private readonly RefitEnumConverterFactory _factory = new();

    [Theory]
    [InlineData(typeof(OrderStatus))]
    [InlineData(typeof(OrderStatus?))]
    [InlineData(typeof(Permissions))]
    public void Converts_Every_Enum_And_Its_Nullable(Type type)
    {
        Assert.True(_factory.CanConvert(type));
    }

    [Theory]
    [InlineData(typeof(int))]
    [InlineData(typeof(int?))]
    [InlineData(typeof(Enum))]
    [InlineData(typeof(string))]
    public void Converts_Nothing_Else(Type type)
    {
        Assert.False(_factory.CanConvert(type));
    }

    [Fact]
    public void Gives_An_Enum_The_Value_Converter_And_Its_Nullable_The_Nullable_One()
    {
        var options = new JsonSerializerOptions();

        Assert.IsType<RefitEnumValueConverter<OrderStatus>>(_factory.CreateConverter(typeof(OrderStatus), options));
        Assert.IsType<RefitNullableEnumConverter<OrderStatus>>(_factory.CreateConverter(typeof(OrderStatus?), options));
    }
}
