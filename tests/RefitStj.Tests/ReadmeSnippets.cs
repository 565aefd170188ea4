using System.Net;
using System.Text.Json;
using RefitStj.Tests.Streaming;
using RefitStj.Tests.Support;

namespace RefitStj.Tests;

/// <summary>
/// README's C# blocks that need only the serializer and Refit's contract, each run and checked. The blocks are copied
/// here as README shows them (ReadmeTests fails when the two differ); the lines around them supply what a block
/// assumes and check what it does.
/// </summary>
public sealed class ReadmeSnippets
{
    [Fact]
    public async Task Readme_Own_Options_Are_Made_Read_Only_Kept_And_Applied()
    {
        var options = StjContentSerializer.CreateDefaultOptions(); // Refit-compatible defaults, mutable copy
        options.WriteIndented = true;
        var serializer = new StjContentSerializer(options);

        Assert.True(options.IsReadOnly);
        Assert.Same(options, serializer.Options);
        using var content = serializer.ToHttpContent(new Person("Ada", 36));
        Assert.Equal("{\n  \"name\": \"Ada\",\n  \"age\": 36\n}", await content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Readme_Streaming_Without_Refit_Reads_Each_Item_Of_A_Response()
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

    [Fact]
    public async Task Readme_MaxResponseBodySize_Refuses_A_Larger_Declared_Body_Before_Reading_It()
    {
        var serializer = new StjContentSerializer { MaxResponseBodySize = 10 * 1024 * 1024 };

        using var body = new CountingStream();
        using var content = new StreamContent(body);
        content.Headers.ContentLength = (10 * 1024 * 1024) + 1;
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(() => serializer.FromHttpContentAsync<Person>(content));
        Assert.Equal(10 * 1024 * 1024, ex.Limit);
        Assert.Equal((10 * 1024 * 1024) + 1, ex.Size);
        Assert.Equal(0, body.Reads);
    }

    [Fact]
    public async Task Readme_Newtonsoft_Migration_Options_Write_Declared_Names_And_Read_Any_Case()
    {
        var serializer = new StjContentSerializer(new JsonSerializerOptions
        {
            PropertyNameCaseInsensitive = true, // Newtonsoft matches names in any case on read
        });

        using var content = serializer.ToHttpContent(new Person("Ada", 36));
        Assert.Equal("""{"Name":"Ada","Age":36}""", await content.ReadAsStringAsync());
        Assert.Equal(new Person("Bo", 4), serializer.DeserializeFromString<Person>("""{"name":"Bo","AGE":4}"""));
    }

    /// <summary>An empty body that counts how often it is read.</summary>
    private sealed class CountingStream : MemoryStream
    {
        public int Reads { get; private set; }

        public override int Read(byte[] buffer, int offset, int count)
        {
            Reads++;
            return base.Read(buffer, offset, count);
        }

        public override int Read(Span<byte> buffer)
        {
            Reads++;
            return base.Read(buffer);
        }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Reads++;
            return base.ReadAsync(buffer, cancellationToken);
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            Reads++;
            return base.ReadAsync(buffer, offset, count, cancellationToken);
        }
    }
}
