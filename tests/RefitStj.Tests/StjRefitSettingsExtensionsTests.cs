using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

public sealed class StjRefitSettingsExtensionsTests
{
    [Fact]
    public async Task UseStjJsonContext_Adds_The_Context_To_These_Settings_Serializer_And_Returns_Them()
    {
        var original = new StjContentSerializer { MaxResponseBodySize = 4096 };
        var settings = new RefitSettings { ContentSerializer = original };

        var returned = settings.UseStjJsonContext(SnakeCaseContext.Default);

        Assert.Same(settings, returned);
        var serializer = Assert.IsType<StjContentSerializer>(settings.ContentSerializer);
        Assert.NotSame(original, serializer);
        Assert.Contains(SnakeCaseContext.Default, serializer.Options.TypeInfoResolverChain);
        Assert.Equal(4096, serializer.MaxResponseBodySize);
        Assert.Equal("""{"name":"Ada","age":36}""", await Bodies.TextOf(serializer.ToHttpContent(new Person("Ada", 36))));
    }

    [Fact]
    public async Task UseStjJsonContext_Writes_What_Refits_UseJsonContext_Writes()
    {
        var ours = new RefitSettings { ContentSerializer = new StjContentSerializer() }.UseStjJsonContext(SnakeCaseContext.Default);
        var refits = new RefitSettings().UseJsonContext(SnakeCaseContext.Default);
        var order = new Person("Bo", 4);

        Assert.Equal(
            await Bodies.TextOf(refits.ContentSerializer.ToHttpContent(order)),
            await Bodies.TextOf(ours.ContentSerializer.ToHttpContent(order)));
    }

    [Fact]
    public void UseStjJsonContext_With_Fallback_Keeps_Reflection_Last()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(ShapesContext.Default) };

        settings.UseStjJsonContext(SnakeCaseContext.Default, allowReflectionFallback: true);

        var chain = Assert.IsType<StjContentSerializer>(settings.ContentSerializer).Options.TypeInfoResolverChain;
        Assert.Equal(3, chain.Count);
        Assert.IsType<System.Text.Json.Serialization.Metadata.DefaultJsonTypeInfoResolver>(chain[2]);
    }

    [Fact]
    public void UseStjJsonContext_On_Refits_Own_Serializer_Throws_Naming_The_Fix()
    {
        var settings = new RefitSettings();
        var before = settings.ContentSerializer;

        var ex = Assert.Throws<InvalidOperationException>(() => settings.UseStjJsonContext(SnakeCaseContext.Default));

        Assert.Contains("new StjContentSerializer(context)", ex.Message, StringComparison.Ordinal);
        Assert.Contains(nameof(SystemTextJsonContentSerializer), ex.Message, StringComparison.Ordinal);
        Assert.Same(before, settings.ContentSerializer);
    }

    [Fact]
    public void Refits_UseJsonContext_Still_Refuses_RefitStj_Where_UseStjJsonContext_Works()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };

        Assert.Throws<InvalidOperationException>(() => settings.UseJsonContext(SnakeCaseContext.Default));
        Assert.IsType<StjContentSerializer>(settings.UseStjJsonContext(SnakeCaseContext.Default).ContentSerializer);
    }

    [Fact]
    public void UseStjJsonContext_With_Fallback_Keeps_The_Options_And_Limits_And_Returns_The_Settings()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer { MaxResponseBodySize = 4096 } };

        var returned = settings.UseStjJsonContext(SnakeCaseContext.Default, allowReflectionFallback: true);

        Assert.Same(settings, returned);
        var serializer = Assert.IsType<StjContentSerializer>(settings.ContentSerializer);
        Assert.Equal(SnakeCaseContext.Default, serializer.Options.TypeInfoResolverChain[0]);
        Assert.Equal(4096, serializer.MaxResponseBodySize);
    }

    [Fact]
    public void UseStjJsonContext_With_Fallback_On_Refits_Own_Serializer_Throws_And_Leaves_The_Settings()
    {
        var settings = new RefitSettings();
        var before = settings.ContentSerializer;

        Assert.Throws<InvalidOperationException>(() => settings.UseStjJsonContext(SnakeCaseContext.Default, allowReflectionFallback: true));

        Assert.Same(before, settings.ContentSerializer);
    }

    [Fact]
    public void UseStjJsonContext_Names_Whichever_Serializer_The_Settings_Hold()
    {
        var other = new RefitSettings { ContentSerializer = new NewtonsoftLikeSerializer() };
        var none = new RefitSettings { ContentSerializer = null! };

        var named = Assert.Throws<InvalidOperationException>(() => other.UseStjJsonContext(SnakeCaseContext.Default));
        var empty = Assert.Throws<InvalidOperationException>(() => none.UseStjJsonContext(SnakeCaseContext.Default));

        Assert.StartsWith("UseStjJsonContext ", named.Message, StringComparison.Ordinal);
        Assert.Contains(typeof(NewtonsoftLikeSerializer).FullName!, named.Message, StringComparison.Ordinal);
        Assert.Contains("use none.", empty.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void UseStjJsonContext_Rejects_Null()
    {
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };

        Assert.Equal("settings", Assert.Throws<ArgumentNullException>(() => StjRefitSettingsExtensions.UseStjJsonContext(null!, SnakeCaseContext.Default)).ParamName);
        Assert.Equal("settings", Assert.Throws<ArgumentNullException>(() => StjRefitSettingsExtensions.UseStjJsonContext(null!, SnakeCaseContext.Default, true)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => settings.UseStjJsonContext(null!)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => settings.UseStjJsonContext(null!, true)).ParamName);
    }

    [Fact]
    public void A_Null_Context_Is_The_Error_Reported_Even_On_Refits_Own_Serializer()
    {
        var settings = new RefitSettings();

        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => settings.UseStjJsonContext(null!)).ParamName);
        Assert.Equal("context", Assert.Throws<ArgumentNullException>(() => settings.UseStjJsonContext(null!, true)).ParamName);
    }

    private sealed class NewtonsoftLikeSerializer : IHttpContentSerializer
    {
        public HttpContent ToHttpContent<T>(T item) => throw new NotSupportedException();

        public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default) => throw new NotSupportedException();

        public string? GetFieldNameForProperty(System.Reflection.PropertyInfo propertyInfo) => null;
    }
}
