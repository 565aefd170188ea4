using System.Text.Json;
using System.Text.Json.Serialization;
using RefitStj.Errors;

namespace RefitStj.Tests.Errors;

public sealed class JsonPathsTests
{
    private static readonly JsonSerializerOptions s_options = Options();

    [Theory]
    [InlineData("$", typeof(Outer))]
    [InlineData("$.inner", typeof(Inner))]
    [InlineData("$.inner.count", typeof(int))]
    [InlineData("$.items[3]", typeof(Inner))]
    [InlineData("$.items[3].when", typeof(DateTime?))]
    [InlineData("$['by name']['k.1']", typeof(Inner))]
    [InlineData("$.ITEMS[0].COUNT", typeof(int))]
    [InlineData(".inner.count", typeof(int))]
    public void Follows_A_Path_Through_Objects_Lists_And_Dictionaries(string path, Type expected)
    {
        Assert.Equal(expected, JsonPaths.TypeAt(s_options.GetTypeInfo(typeof(Outer)), path));
    }

    [Theory]
    [InlineData("$.nothing")]
    [InlineData("$.inner.count.deeper")]
    [InlineData("$[")]
    [InlineData("$['open")]
    [InlineData("$.items[3")]
    [InlineData("$.inner[0]")]
    [InlineData("$.inner.count[0]")]
    [InlineData("$x")]
    [InlineData("$.items[0]x")]
    [InlineData("$.nodes['open")]
    [InlineData("$.nodes[0]x")]
    [InlineData("$.nodes[1][2")]
    public void A_Path_The_Metadata_Does_Not_Know_Gives_No_Type(string path)
    {
        Assert.Null(JsonPaths.TypeAt(s_options.GetTypeInfo(typeof(Outer)), path));
    }

    [Theory]
    [InlineData("$.Items[0].Count", typeof(int))]
    [InlineData("$.items[0].Count", null)]
    [InlineData("$.Items[0].COUNT", null)]
    public void Names_Match_Exactly_Unless_The_Options_Ignore_Case(string path, Type? expected)
    {
        var options = new JsonSerializerOptions();
        options.MakeReadOnly(populateMissingResolver: true);

        Assert.Equal(expected, JsonPaths.TypeAt(options.GetTypeInfo(typeof(Outer)), path));
    }

    [Theory]
    [InlineData("$['by name'].k", typeof(Inner))]
    [InlineData("$['by name']['k'].when", typeof(DateTime?))]
    [InlineData("$.items[12][3]", null)]
    [InlineData("$.grid[1][2]", typeof(int))]
    [InlineData("$.grid[1]", typeof(int[]))]
    public void Follows_Names_And_Indexes_In_Any_Order_The_Metadata_Allows(string path, Type? expected)
    {
        Assert.Equal(expected, JsonPaths.TypeAt(s_options.GetTypeInfo(typeof(Outer)), path));
    }

    private static JsonSerializerOptions Options()
    {
        var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }

    public sealed class Outer
    {
        public Inner? Inner { get; set; }

        public List<Inner>? Items { get; set; }

        [JsonPropertyName("by name")]
        public Dictionary<string, Inner>? ByName { get; set; }

        public List<int[]>? Grid { get; set; }

        public NodeCollection? Nodes { get; set; }
    }

    public sealed class Inner
    {
        public int Count { get; set; }

        public DateTime? When { get; set; }
    }

    // A list of itself: a path step that failed without moving on would loop here for ever.
    public sealed class NodeCollection : List<NodeCollection>;
}
