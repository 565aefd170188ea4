using System.Text.Json;
using RefitStj.Serialization;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Serialization;

public sealed class TypeMetadataCacheTests
{
    [Fact]
    public void Returns_The_Same_Metadata_For_The_Same_Type()
    {
        var cache = new TypeMetadataCache(new StjContentSerializer().Options);

        Assert.Same(cache.Get<Person>(), cache.Get<Person>());
    }

    [Fact]
    public void Metadata_Belongs_To_The_Options_Of_Its_Cache()
    {
        var snake = new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower };
        snake.MakeReadOnly(populateMissingResolver: true);
        var camel = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        camel.MakeReadOnly(populateMissingResolver: true);
        var first = new TypeMetadataCache(snake);
        var second = new TypeMetadataCache(camel);

        var a = first.Get<Order>();
        var b = second.Get<Order>();

        // By what it writes, not by identity: System.Text.Json 9 shares one metadata cache (and its Options) among equal
        // options instances, so another test's equal options may own the type info.
        var order = new Order { Id = 1, CustomerName = "Ada" };
        Assert.Contains("\"customer_name\":\"Ada\"", JsonSerializer.Serialize(order, a.TypeInfo), StringComparison.Ordinal);
        Assert.Contains("\"customerName\":\"Ada\"", JsonSerializer.Serialize(order, b.TypeInfo), StringComparison.Ordinal);
        Assert.Same(a, first.Get<Order>());
        Assert.Same(b, second.Get<Order>());
    }

    [Fact]
    public void A_Second_Options_Instance_Never_Gets_The_Metadata_Of_The_First_To_Ask()
    {
        // A type no other test uses, so this test decides which options reach it first.
        var first = new TypeMetadataCache(Frozen(JsonNamingPolicy.SnakeCaseUpper));
        var second = new TypeMetadataCache(Frozen(JsonNamingPolicy.KebabCaseLower));

        var firstMetadata = first.Get<OnlyHere>();
        var secondMetadata = second.Get<OnlyHere>();

        Assert.Equal("""{"SOME_VALUE":1}""", JsonSerializer.Serialize(new OnlyHere { SomeValue = 1 }, firstMetadata.TypeInfo));
        Assert.Equal("""{"some-value":1}""", JsonSerializer.Serialize(new OnlyHere { SomeValue = 1 }, secondMetadata.TypeInfo));
        Assert.Same(firstMetadata, first.Get<OnlyHere>());
        Assert.Same(secondMetadata, second.Get<OnlyHere>());
    }

    [Fact]
    public void A_Type_The_Resolver_Does_Not_Know_Fails_With_A_Message_Naming_The_Type_The_Resolver_And_Both_Fixes()
    {
        var cache = new TypeMetadataCache(SnakeCaseContext.Default.Options);

        var ex = Assert.Throws<NotSupportedException>(() => cache.GetRuntimeTypeInfo(typeof(Circle)));

        Assert.Contains("no metadata for Circle:", ex.Message, StringComparison.Ordinal);
        Assert.Contains("(SnakeCaseContext)", ex.Message, StringComparison.Ordinal);
        Assert.Contains("add [JsonSerializable(typeof(Circle))] to your JsonSerializerContext, ", ex.Message, StringComparison.Ordinal);
        Assert.EndsWith("or chain a resolver that knows it with JsonTypeInfoResolver.Combine.", ex.Message, StringComparison.Ordinal);
    }

    private static JsonSerializerOptions Frozen(JsonNamingPolicy naming)
    {
        var options = new JsonSerializerOptions { PropertyNamingPolicy = naming };
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }

    private sealed class OnlyHere
    {
        public int SomeValue { get; set; }
    }

    [Fact]
    public void Interface_And_Abstract_Types_Without_Polymorphism_Are_Written_By_Runtime_Type()
    {
        var cache = new TypeMetadataCache(new StjContentSerializer().Options);

        Assert.True(cache.Get<IShape>().WritesRuntimeType);
        Assert.True(cache.Get<Animal>().WritesRuntimeType);
        Assert.False(cache.Get<Vehicle>().WritesRuntimeType);
        Assert.False(cache.Get<Person>().WritesRuntimeType);
        Assert.False(cache.Get<object>().WritesRuntimeType);
    }

    [Fact]
    public async Task Polymorphism_Configured_By_A_Resolver_Is_Respected()
    {
        var options = new JsonSerializerOptions
        {
            TypeInfoResolver = new System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver
            {
                Modifiers =
                {
                    info =>
                    {
                        if (info.Type == typeof(IShape))
                        {
                            info.PolymorphismOptions = new() { DerivedTypes = { new(typeof(Circle), "circle") } };
                        }
                    },
                },
            },
        };

        var serializer = new StjContentSerializer(options);
        using var content = serializer.ToHttpContent<IShape>(new Circle { Radius = 3 });

        Assert.Equal("""{"$type":"circle","Kind":"circle","Radius":3}""", await content.ReadAsStringAsync());
    }

    [Fact]
    public void A_Given_Type_Info_Keeps_One_Metadata_Written_As_Declared()
    {
        var given = ShapeInterfaceContext.Default.IShape;

        var metadata = TypeMetadataCache.ForTypeInfo(given);

        Assert.Same(metadata, TypeMetadataCache.ForTypeInfo(given));
        Assert.Same(given, metadata.TypeInfo);
        Assert.False(metadata.WritesRuntimeType);
    }

    [Fact]
    public void Another_Type_Info_For_The_Same_Type_Gets_Metadata_Of_Its_Own()
    {
        var first = TypeMetadataCache.ForTypeInfo(GadgetContext.Default.ListGadget);
        var other = new GadgetContext(new JsonSerializerOptions()).ListGadget;

        var second = TypeMetadataCache.ForTypeInfo(other);

        Assert.NotSame(first, second);
        Assert.Same(other, second.TypeInfo);
        Assert.Same(second, TypeMetadataCache.ForTypeInfo(other));
        Assert.Same(first, TypeMetadataCache.ForTypeInfo(GadgetContext.Default.ListGadget));
    }
}
