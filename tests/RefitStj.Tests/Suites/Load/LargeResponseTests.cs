using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Reading;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

/// <summary>
/// Responses of many megabytes: a read costs what deserializing the body costs, whatever its size, charset or arrival,
/// and leaves no large array behind in any pool. Run alone, since they measure the whole process's allocations.
/// </summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed class LargeResponseTests
{
    private const int Megabyte = 1024 * 1024;

    private static readonly StjContentSerializer s_serializer = new();

    private static readonly JsonTypeInfo<List<Person>> s_people = (JsonTypeInfo<List<Person>>)s_serializer.Options.GetTypeInfo(typeof(List<Person>));

    public static TheoryData<string?> Charsets => [null, "utf-8", "iso-8859-1", "utf-16"];

    [Theory]
    [MemberData(nameof(Charsets))]
    public async Task Buffered_16_MB_Read_Allocates_What_Deserializing_It_Allocates(string? charset)
    {
        var (json, people) = Body(16 * Megabyte);
        var wire = Encode(json, charset);
        var floor = Floor(json);

        // Buffered as Refit buffers a response before handing it over; the buffer is HttpClient's, paid before the read.
        var allocated = await AllocatedByReadAsync(() => Buffered(wire, charset), people.Count);

        Assert.True(allocated < floor + (64 * 1024), $"{wire.Length:N0} B body: the read allocated {allocated:N0} B, deserializing it {floor:N0} B");
    }

    [Theory]
    [MemberData(nameof(Charsets))]
    public async Task Unbuffered_16_MB_Read_Allocates_What_Deserializing_It_Allocates(string? charset)
    {
        var (json, people) = Body(16 * Megabyte);
        var wire = Encode(json, charset);
        var floor = Floor(json);

        // A body arriving in 64 KiB pieces: its length unknown until it ends, as a chunked response's is.
        var allocated = await AllocatedByReadAsync(() => Streamed(wire, charset), people.Count);

        // System.Text.Json's resumable reader costs ~330 KB over its span reader here, and a shared-pool array rented on
        // another thread than it went back on now and then 1 MiB more; a body-size array would cost 16 MB.
        Assert.True(allocated < floor + (2 * Megabyte), $"{wire.Length:N0} B body: the read allocated {allocated:N0} B, deserializing it {floor:N0} B");
    }

    [Theory]
    [InlineData(ServerProtocol.Http1, false)]
    [InlineData(ServerProtocol.Http1, true)]
    [InlineData(ServerProtocol.Http2, false)]
    [InlineData(ServerProtocol.Http2, true)]
    public async Task Loopback_16_MB_Response_Read_As_It_Arrives_Rents_Only_Small_Arrays_And_Returns_Them(ServerProtocol protocol, bool chunked)
    {
        var (json, people) = Body(16 * Megabyte);
        await using var server = await ServeAsync(json, protocol, chunked);
        using var client = server.CreateClient();
        using var cts = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        using var response = await client.GetAsync("people", HttpCompletionOption.ResponseHeadersRead, cts.Token);
        using var pool = new CountingPool();

        var read = await s_serializer.FromHttpContentAsync<List<Person>>(response.Content, cts.Token);

        Assert.Equal(people, read);
        Assert.InRange(pool.LargestRequested, 1, Megabyte);
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));
    }

    [Theory]
    [InlineData(ServerProtocol.Http1, false)]
    [InlineData(ServerProtocol.Http1, true)]
    [InlineData(ServerProtocol.Http2, false)]
    [InlineData(ServerProtocol.Http2, true)]
    public async Task Refit_Client_Gets_A_16_MB_List_Reading_It_Where_HttpClient_Buffered_It(ServerProtocol protocol, bool chunked)
    {
        var (json, people) = Body(16 * Megabyte);
        await using var server = await ServeAsync(json, protocol, chunked);
        var api = RestService.ForGenerated<IPeopleApi>(server.CreateClient(), new RefitSettings { ContentSerializer = s_serializer });
        using var pool = new CountingPool();

        var read = await api.GetPeople();

        Assert.Equal(people, read);
        Assert.Equal(0, pool.Rented);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task After_A_64_MB_Body_No_Large_Array_Was_Rented_And_The_Next_Small_Read_Rents_Only_What_It_Needs(bool buffered)
    {
        var (json, people) = Body(64 * Megabyte);
        using var content = buffered ? Buffered(json, charset: null) : Streamed(json, charset: null);
        using var pool = new CountingPool();

        Assert.Equal(people.Count, (await s_serializer.FromHttpContentAsync<List<Person>>(content))!.Count);

        // A buffered body is read where HttpClient holds it; one on the wire through a few arrays of at most 1 MiB.
        Assert.InRange(pool.RentedBytes, 0, buffered ? 0 : 4 * Megabyte);
        Assert.InRange(pool.LargestRequested, 0, Megabyte);
        Assert.Equal((0, 0), (pool.Outstanding, pool.BadReturns));

        var small = Encoding.UTF8.GetBytes("""[{"name":"a","age":1}]""");
        using var next = new StreamContent(new TrickleStream(small, chunk: 4));
        next.Headers.ContentLength = small.Length;
        Assert.Single((await s_serializer.FromHttpContentAsync<List<Person>>(next))!);
        Assert.Equal(small.Length, pool.LastRequested);
    }

    private static Task<LoopbackServer> ServeAsync(byte[] json, ServerProtocol protocol, bool chunked) =>
        LoopbackServer.StartAsync(
            async context =>
            {
                context.Response.ContentType = "application/json; charset=utf-8";
                if (!chunked)
                {
                    context.Response.ContentLength = json.Length;
                }

                await context.Response.Body.WriteAsync(json, context.RequestAborted);
            },
            protocol);

    /// <summary>A JSON list of people of about <paramref name="size"/> bytes, with non-ASCII names, and its value.</summary>
    private static (byte[] Json, List<Person> People) Body(int size)
    {
        var people = new List<Person>(size / 32);
        for (var i = 0; people.Count * 32 < size; i++)
        {
            people.Add(new Person(i % 7 == 0 ? $"Zoë {i}" : $"p{i}", i));
        }

        return (JsonSerializer.SerializeToUtf8Bytes(people, s_people), people);
    }

    private static byte[] Encode(byte[] json, string? charset) =>
        charset is null or "utf-8" ? json : Encoding.GetEncoding(charset).GetBytes(Encoding.UTF8.GetString(json));

    private static HttpContent Buffered(byte[] body, string? charset)
    {
        var content = new StreamContent(new MemoryStream(body));
        AddContentType(content, charset);
        content.LoadIntoBufferAsync().GetAwaiter().GetResult();
        return content;
    }

    private static StreamContent Streamed(byte[] body, string? charset)
    {
        var content = new StreamContent(new TrickleStream(body, chunk: 64 * 1024));
        AddContentType(content, charset);
        return content;
    }

    private static void AddContentType(HttpContent content, string? charset) =>
        content.Headers.TryAddWithoutValidation("Content-Type", charset is null ? "application/json" : $"application/json; charset={charset}");

    /// <summary>What deserializing the UTF-8 body from a span allocates: the objects read.</summary>
    private static long Floor(byte[] json)
    {
        JsonSerializer.Deserialize(json, s_people);
        var before = GC.GetTotalAllocatedBytes(precise: true);
        var people = JsonSerializer.Deserialize(json, s_people);
        var allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        GC.KeepAlive(people);
        return allocated;
    }

    /// <summary>The least a read of a fresh content allocates over three reads (the first also warms caches and pools).</summary>
    private static async Task<long> AllocatedByReadAsync(Func<HttpContent> create, int expectedCount)
    {
        var least = long.MaxValue;
        for (var attempt = 0; attempt < 3; attempt++)
        {
            using var content = create();
            var before = GC.GetTotalAllocatedBytes(precise: true);
            var read = await s_serializer.FromHttpContentAsync<List<Person>>(content);
            var allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
            Assert.Equal(expectedCount, read!.Count);
            least = Math.Min(least, allocated);
        }

        return least;
    }
}
