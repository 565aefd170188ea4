using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Query;

namespace RefitStj.Tests.Query;

public sealed class QueryFlattenerTests
{
    private static readonly JsonSerializerOptions s_camelCase = new StjContentSerializer().Options;

    [Fact]
    public void Each_Scalar_Is_One_Value_Formatted_By_The_Settings_Formatter_For_Its_Runtime_Type()
    {
        var settings = new RefitSettings { UrlParameterFormatter = new TypeNamingFormatter() };

        var query = Flatten(new Scalars(), settings);

        Assert.Equal(
            "/q?text=String:abc&flag=Boolean:True&letter=Char:c&per_page=Int32:7&day=DayOfWeek:Friday"
            + "&id=Guid:0f8fad5b-d9cb-469f-a165-70867728950e&link=Uri:http://example.com/&boxed=Int64:5",
            query);
    }

    [Fact]
    public void Keys_Are_The_Json_Names_Of_The_Options_In_Use()
    {
        var query = Flatten(new Scalars(), new RefitSettings { UrlParameterFormatter = new TypeNamingFormatter() }, new JsonSerializerOptions { TypeInfoResolver = new DefaultJsonTypeInfoResolver() });

        Assert.StartsWith("/q?Text=String:abc&Flag=Boolean:True&Letter=Char:c&per_page=Int32:7&", query, StringComparison.Ordinal);
    }

    [Fact]
    public void Null_Values_Ignored_Properties_And_Properties_Without_A_Getter_Are_Left_Out()
    {
        Assert.Equal("/q?present=p", Flatten(new Sparse()));
    }

    [Theory]
    [InlineData(CollectionFormat.Csv, "/q?tags=a,,b")]
    [InlineData(CollectionFormat.Multi, "/q?tags=a&tags=b")]
    public void A_Collection_Takes_The_Settings_Format_And_Passes_A_Null_Item_As_Null(CollectionFormat format, string expected)
    {
        Assert.Equal(expected, Flatten(new Tagged(), new RefitSettings { CollectionFormat = format }));
    }

    [Fact]
    public void A_Nested_Object_Is_Walked_By_Its_Runtime_Type_Under_A_Dotted_Key_After_The_Prefix()
    {
        Assert.Equal("/q?q.inner.extra=x&q.inner.level=1", Flatten(new Outer(), prefix: "q."));
    }

    [Theory]
    [InlineData(31, "/q?level=0&next.level=1")]
    [InlineData(32, "/q?level=0")]
    public void Objects_Deeper_Than_32_Levels_Are_Left_Out(int depth, string expected)
    {
        var chain = new Link { Level = 0, Next = new Link { Level = 1, Next = new Link { Level = 2 } } };

        Assert.Equal(expected, Flatten(chain, depth: depth));
    }

    [Fact]
    public void A_Cyclic_Graph_Ends_At_The_Depth_Bound()
    {
        var node = new Link { Level = 7 };
        node.Next = node;

        var pairs = Flatten(node).Split('?')[1].Split('&');

        Assert.Equal(33, pairs.Length);
        Assert.Equal(string.Concat(Enumerable.Repeat("next.", 32)) + "level=7", pairs[^1]);
    }

    private static string Flatten(object value, RefitSettings? settings = null, JsonSerializerOptions? options = null, string prefix = "", int depth = 0)
    {
        var builder = new GeneratedQueryStringBuilder("/q");
        QueryFlattener.FlattenObject(value, prefix, ref builder, settings ?? new RefitSettings(), options ?? s_camelCase, depth);
        return Uri.UnescapeDataString(builder.Build());
    }

    // Names the type it is asked to format, so a test sees which type reached the formatter.
    private sealed class TypeNamingFormatter : IUrlParameterFormatter
    {
#if REFIT17
        public string? Format(object? value, IParameterAttributeProvider attributeProvider, Type type) =>
#else
        public string? Format(object? value, ICustomAttributeProvider attributeProvider, Type type) =>
#endif
            type.Name + ":" + Convert.ToString(value, CultureInfo.InvariantCulture);
    }

    private sealed class Scalars
    {
        public string Text { get; set; } = "abc";

        public bool Flag { get; set; } = true;

        public char Letter { get; set; } = 'c';

        [JsonPropertyName("per_page")]
        public int PerPage { get; set; } = 7;

        public DayOfWeek Day { get; set; } = DayOfWeek.Friday;

        public Guid Id { get; set; } = new("0f8fad5b-d9cb-469f-a165-70867728950e");

        public Uri Link { get; set; } = new("http://example.com/");

        public object Boxed { get; set; } = 5L;
    }

    private sealed class Sparse
    {
        public string? Missing { get; set; }

        public int[]? None { get; set; }

        public string Present { get; set; } = "p";

        [JsonIgnore]
        public string Ignored { get; set; } = "i";

        public string WriteOnly
        {
            set => _ = value;
        }
    }

    private sealed class Tagged
    {
        public List<string?> Tags { get; set; } = ["a", null, "b"];
    }

    private sealed class Outer
    {
        public object Inner { get; set; } = new DerivedLink { Level = 1, Extra = "x" };
    }

    private class Link
    {
        public int Level { get; set; }

        public Link? Next { get; set; }
    }

    private sealed class DerivedLink : Link
    {
        public string? Extra { get; set; }
    }
}
