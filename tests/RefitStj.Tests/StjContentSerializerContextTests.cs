using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>The context constructors and WithContext against Refit 16's own: the same options, the same resolver chain, the same bytes.</summary>
public sealed class StjContentSerializerContextTests
{
    [Fact]
    public void Context_Constructor_Keeps_The_Contexts_Own_Options_As_Refits_ForContext_Does()
    {
        var ours = new StjContentSerializer(SnakeCaseContext.Default);
        var refits = SystemTextJsonContentSerializer.ForContext(SnakeCaseContext.Default);

        Assert.Same(refits.SerializerOptions, ours.Options);
        Assert.Same(SnakeCaseContext.Default, Assert.Single(ours.Options.TypeInfoResolverChain));
    }

    [Fact]
    public async Task Context_Constructor_Writes_And_Reads_What_Refits_ForContext_Does()
    {
        var ours = new StjContentSerializer(SnakeCaseContext.Default);
        var refits = SystemTextJsonContentSerializer.ForContext(SnakeCaseContext.Default);
        var person = new Person("Ada Lovelace", 36);

        var written = await Bodies.TextOf(ours.ToHttpContent(person));

        Assert.Equal(await Bodies.TextOf(refits.ToHttpContent(person)), written);
        Assert.Equal(await refits.FromHttpContentAsync<Person>(Bodies.Json(written)), await ours.FromHttpContentAsync<Person>(Bodies.Json(written)));
    }

    [Fact]
    public void Context_Constructor_Without_Fallback_Refuses_A_Type_The_Context_Does_Not_Describe()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default, allowReflectionFallback: false);

        Assert.Same(SnakeCaseContext.Default.Options, serializer.Options);
        Assert.Throws<NotSupportedException>(() => serializer.ToHttpContent(new Circle { Radius = 1 }));
    }

    [Fact]
    public async Task Context_Constructor_With_Fallback_Puts_Reflection_After_The_Context_As_Refit_Does()
    {
        var ours = new StjContentSerializer(SnakeCaseContext.Default, allowReflectionFallback: true);
#if REFIT17
        // Refit 17 leaves reflection to Refit.Reflection (not referenced): its fallback throws, so the control is the
        // chain Refit 17 composes with it ([context, reflection]) built from System.Text.Json directly.
        AssertRefit17FallbackNeedsRefitReflection(() => SystemTextJsonContentSerializer.ForContext(SnakeCaseContext.Default, allowReflectionFallback: true));
        var refitsOptions = new JsonSerializerOptions(SnakeCaseContext.Default.Options);
        refitsOptions.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());
        var expectedBody = JsonSerializer.Serialize(new Circle { Radius = 2 }, refitsOptions);
#else
        var refits = SystemTextJsonContentSerializer.ForContext(SnakeCaseContext.Default, allowReflectionFallback: true);
        var refitsOptions = refits.SerializerOptions;
        var expectedBody = await Bodies.TextOf(refits.ToHttpContent(new Circle { Radius = 2 }));
#endif

        Assert.Equal(ChainOf(refitsOptions), ChainOf(ours.Options));
        Assert.Same(SnakeCaseContext.Default, ours.Options.TypeInfoResolverChain[0]);
        Assert.IsType<DefaultJsonTypeInfoResolver>(ours.Options.TypeInfoResolverChain[1]);
        Assert.Equal(expectedBody, await Bodies.TextOf(ours.ToHttpContent(new Circle { Radius = 2 })));
    }

    [Fact]
    public async Task WithContext_Keeps_This_Serializers_Options_And_Writes_What_Refits_WithContext_Does()
    {
        var ours = new StjContentSerializer().WithContext(SnakeCaseContext.Default);
        var refits = new SystemTextJsonContentSerializer().WithContext(SnakeCaseContext.Default);
        var person = new Person("Ada", 36);

        Assert.Same(JsonNamingPolicy.CamelCase, ours.Options.PropertyNamingPolicy);
        Assert.Equal(ChainOf(refits.SerializerOptions), ChainOf(ours.Options));
        Assert.Equal("""{"name":"Ada","age":36}""", await Bodies.TextOf(ours.ToHttpContent(person)));
        Assert.Equal(await Bodies.TextOf(refits.ToHttpContent(person)), await Bodies.TextOf(ours.ToHttpContent(person)));
    }

    [Fact]
    public void WithContext_Drops_Reflection_So_An_Undeclared_Type_Throws_As_In_Refit()
    {
        var ours = new StjContentSerializer().WithContext(SnakeCaseContext.Default);

        Assert.DoesNotContain(ours.Options.TypeInfoResolverChain, r => r is DefaultJsonTypeInfoResolver);
        Assert.Throws<NotSupportedException>(() => ours.ToHttpContent(new Circle { Radius = 1 }));
        Assert.Throws<NotSupportedException>(() => new SystemTextJsonContentSerializer().WithContext(SnakeCaseContext.Default).ToHttpContent(new Circle { Radius = 1 }));
    }

    [Fact]
    public void WithContext_Keeps_The_Resolvers_It_Has_First_And_In_Order()
    {
        var source = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions { TypeInfoResolverChain = { ShapesContext.Default, ShapeInterfaceContext.Default } });

        var combined = source.WithContext(SnakeCaseContext.Default);

        Assert.Equal<object>([ShapesContext.Default, ShapeInterfaceContext.Default, SnakeCaseContext.Default], combined.Options.TypeInfoResolverChain);
        Assert.Equal<object>([ShapesContext.Default, ShapeInterfaceContext.Default], source.Options.TypeInfoResolverChain);
        Assert.True(combined.Options.IsReadOnly);
    }

    [Fact]
    public void WithContext_With_Fallback_Puts_Reflection_Last()
    {
        var source = new StjContentSerializer(ShapesContext.Default);

        var combined = source.WithContext(SnakeCaseContext.Default, allowReflectionFallback: true);
#if REFIT17
        AssertRefit17FallbackNeedsRefitReflection(() => SystemTextJsonContentSerializer.ForContext(ShapesContext.Default).WithContext(SnakeCaseContext.Default, allowReflectionFallback: true));
        object[] expected = [ShapesContext.Default, SnakeCaseContext.Default, typeof(DefaultJsonTypeInfoResolver)];
#else
        var expected = ChainOf(SystemTextJsonContentSerializer.ForContext(ShapesContext.Default).WithContext(SnakeCaseContext.Default, allowReflectionFallback: true).SerializerOptions);
#endif

        Assert.Equal(expected, ChainOf(combined.Options));
        Assert.IsType<DefaultJsonTypeInfoResolver>(combined.Options.TypeInfoResolverChain[^1]);
    }

    [Fact]
    public void WithContext_With_Fallback_Keeps_The_Reflection_Resolver_It_Has_After_The_Context()
    {
        var source = new StjContentSerializer();
        var reflection = Assert.IsType<DefaultJsonTypeInfoResolver>(Assert.Single(source.Options.TypeInfoResolverChain));

        var combined = source.WithContext(SnakeCaseContext.Default, allowReflectionFallback: true);

        Assert.Equal<object>([SnakeCaseContext.Default, reflection], combined.Options.TypeInfoResolverChain);
        Assert.Same(JsonNamingPolicy.CamelCase, combined.Options.PropertyNamingPolicy);
    }

    [Fact]
    public void WithContext_Returns_This_Serializer_When_The_Context_Is_Already_Registered_As_Asked()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default);
        var withReflection = serializer.WithContext(SnakeCaseContext.Default, allowReflectionFallback: true);

        Assert.Same(serializer, serializer.WithContext(SnakeCaseContext.Default));
        Assert.Same(serializer, serializer.WithContext(SnakeCaseContext.Default, allowReflectionFallback: false));
        Assert.NotSame(serializer, withReflection);
        Assert.Same(withReflection, withReflection.WithContext(SnakeCaseContext.Default, allowReflectionFallback: true));
    }

    [Fact]
    public void WithContext_Keeps_The_Limits()
    {
        var limited = new StjContentSerializer(SnakeCaseContext.Default) { MaxResponseBodySize = 1234, MaxStreamItemSize = null };

        var combined = limited.WithContext(ShapesContext.Default);

        Assert.Equal(1234, combined.MaxResponseBodySize);
        Assert.Null(combined.MaxStreamItemSize);
    }

    [Fact]
    public async Task WithContext_Moves_The_Reflection_Resolvers_Modifiers_Onto_The_Context_As_Refit_Does()
    {
        var options = StjContentSerializer.CreateDefaultOptions();
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { UpperCaseNames } };
        var ours = new StjContentSerializer(options).WithContext(SnakeCaseContext.Default);
        var refitOptions = SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions();
        refitOptions.TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { UpperCaseNames } };
        var refits = new SystemTextJsonContentSerializer(refitOptions).WithContext(SnakeCaseContext.Default);

        var written = await Bodies.TextOf(ours.ToHttpContent(new Person("Ada", 36)));

        Assert.Equal("""{"NAME":"Ada","AGE":36}""", written);
        Assert.Equal(await Bodies.TextOf(refits.ToHttpContent(new Person("Ada", 36))), written);
    }

    [Fact]
    public void Context_Entry_Points_Reject_Null()
    {
        var serializer = new StjContentSerializer(SnakeCaseContext.Default);

        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => new StjContentSerializer((System.Text.Json.Serialization.JsonSerializerContext)null!)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => new StjContentSerializer(null!, true)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => serializer.WithContext(null!)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => serializer.WithContext(null!, false)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => serializer.WithContext(null!, true)).ParamName);
    }

    [Fact]
    public void WithContext_Finds_The_Context_And_Reflection_In_Options_That_List_Them_Twice()
    {
        var options = new JsonSerializerOptions();
        options.TypeInfoResolverChain.Add(SnakeCaseContext.Default);
        options.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());
        options.TypeInfoResolverChain.Add(SnakeCaseContext.Default);
        options.TypeInfoResolverChain.Add(new DefaultJsonTypeInfoResolver());
        var serializer = new StjContentSerializer(options);

        Assert.Same(serializer, serializer.WithContext(SnakeCaseContext.Default, allowReflectionFallback: true));
    }

    private static void UpperCaseNames(JsonTypeInfo typeInfo)
    {
        foreach (var property in typeInfo.Properties)
        {
            property.Name = property.Name.ToUpperInvariant();
        }
    }

#if REFIT17
    private static void AssertRefit17FallbackNeedsRefitReflection(Func<SystemTextJsonContentSerializer> create) =>
        Assert.Contains("Refit.Reflection", Assert.Throws<NotSupportedException>(create).Message, StringComparison.Ordinal);

#endif
    // The chain as resolver kinds: the context itself by reference, reflection resolvers by type.
    private static object[] ChainOf(JsonSerializerOptions options) =>
        [.. options.TypeInfoResolverChain.Select(r => r is DefaultJsonTypeInfoResolver ? typeof(DefaultJsonTypeInfoResolver) : (object)r)];
}
