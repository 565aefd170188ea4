using System.Net;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Readme;

/// <summary>
/// README's C# blocks that need no Refit client, as <c>#region snippet: &lt;name&gt;</c> regions (ReadmeTests compares each
/// with README's block of that name), run and checked; the lines around them supply what a block assumes.
/// </summary>
public sealed class ReadmeSnippets
{
    [Fact]
    public async Task Readme_Own_Options_Are_Made_Read_Only_Kept_And_Applied()
    {
        #region snippet: own-options
        var options = StjContentSerializer.CreateDefaultOptions(); // the defaults of the Refit in use, mutable copy
        options.WriteIndented = true;
        var serializer = new StjContentSerializer(options);
        #endregion

        Assert.True(options.IsReadOnly);
        Assert.Same(options, serializer.Options);
        using var content = serializer.ToHttpContent(new Person("Ada", 36));
        Assert.Equal("{\n  \"name\": \"Ada\",\n  \"age\": 36\n}", await content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Streaming_Without_Refit_Reads_Each_Item_Of_A_Response()
    {
        var handled = new List<Tick?>();
        void Handle(Tick? tick) => handled.Add(tick);
        var stub = new StubHandler(_ => new HttpResponseMessage(HttpStatusCode.OK) { Content = Bodies.Streamed("""[{"id":1},{"id":2,"name":"b"}]"""u8.ToArray(), chunk: 5) });
        using var httpClient = new HttpClient(stub) { BaseAddress = new Uri("http://localhost/") };
        var serializer = new StjContentSerializer();

        using var response = await httpClient.GetAsync("feed", HttpCompletionOption.ResponseHeadersRead);
        await foreach (var tick in serializer.FromHttpContentAsAsyncEnumerable<Tick>(response.Content))
        {
            Handle(tick);
        }

        Assert.Equal([new Tick(1, null), new Tick(2, "b")], handled);
        Assert.Equal(new Uri("http://localhost/feed"), Assert.Single(stub.Requests).Uri);
    }
}
