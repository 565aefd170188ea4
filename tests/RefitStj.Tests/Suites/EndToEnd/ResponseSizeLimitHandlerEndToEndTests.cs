using System.Diagnostics.CodeAnalysis;
using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj.Tests.Suites.Load;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.EndToEnd;

public interface IHugeApi
{
    [Get("/people")]
    Task<List<Person>?> GetPeople(HugeBody body);

    [Get("/people")]
    Task<ApiResponse<List<Person>>> GetPeopleResponse(HugeBody body);

    [Get("/people")]
    IAsyncEnumerable<Person?> StreamPeople(HugeBody body);

    [Get("/slow")]
    IAsyncEnumerable<Person?> Slow();
}

public enum ClientKind
{
    /// <summary><c>RestService.ForGenerated</c> over an HttpClient whose handler chain holds the limit.</summary>
    RestService,

    /// <summary><c>AddRefitGeneratedClient</c> with <c>AddHttpMessageHandler</c>.</summary>
    HttpClientFactory,
}

/// <summary>
/// Real Refit clients behind <see cref="ResponseSizeLimitHandler"/> against a server that sends a gigabyte (or an endless
/// stream, or a decompression bomb): every call fails one megabyte in, allocating about that much, and the server sees
/// the client go. They run alone, since they measure the whole process's allocations.
/// </summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed class ResponseSizeLimitHandlerEndToEndTests(ITestOutputHelper output)
{
    private const long Limit = 1024 * 1024;

    // What a refused call may allocate besides the limit: HttpClient's buffer grows by doubling (about twice the limit
    // allocated in all), HTTP/2 and decompression keep buffers of their own, and the in-process server's writes count
    // too (over HTTP/2 on .NET 9 one run came to 5.0 MiB in all). Without the handler a call allocates the whole GiB.
    // And what each person a stream yields costs (about 150 B).
    private const long Overhead = 8 * Limit;
    private const long PerItem = 256;

    private static readonly RefitSettings s_settings = new() { ContentSerializer = new StjContentSerializer() };

    public static TheoryData<HugeBody, ServerProtocol, ClientKind> Buffered()
    {
        var data = new TheoryData<HugeBody, ServerProtocol, ClientKind>();
        foreach (var body in new[] { HugeBody.Chunked, HugeBody.ContentLength, HugeBody.Gzip, HugeBody.Brotli, HugeBody.ErrorStatus })
        {
            foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
            {
                foreach (var kind in new[] { ClientKind.RestService, ClientKind.HttpClientFactory })
                {
                    data.Add(body, protocol, kind);
                }
            }
        }

        return data;
    }

    public static TheoryData<HugeBody, ServerProtocol, ClientKind> LongStreams()
    {
        var data = new TheoryData<HugeBody, ServerProtocol, ClientKind>();
        foreach (var body in new[] { HugeBody.Endless, HugeBody.EndlessLines, HugeBody.EndlessEvents })
        {
            foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
            {
                foreach (var kind in new[] { ClientKind.RestService, ClientKind.HttpClientFactory })
                {
                    data.Add(body, protocol, kind);
                }
            }
        }

        return data;
    }

    public static TheoryData<ServerProtocol, ClientKind> Clients() => new()
    {
        { ServerProtocol.Http1, ClientKind.RestService },
        { ServerProtocol.Http1, ClientKind.HttpClientFactory },
        { ServerProtocol.Http2, ClientKind.RestService },
        { ServerProtocol.Http2, ClientKind.HttpClientFactory },
    };

    [Theory]
    [MemberData(nameof(Buffered))]
    public async Task A_Gigabyte_Response_Fails_At_The_Limit_Having_Allocated_About_The_Limit(HugeBody body, ServerProtocol protocol, ClientKind kind)
    {
        var server = new HugeResponses();
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);
        HugeResponses.Prepare();

        var before = GC.GetTotalAllocatedBytes(precise: true);
        var ex = await Assert.ThrowsAsync<ApiException>(() => client.Api.GetPeople(body));
        var allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        var (written, clientWent) = await server.Finished.WaitAsync(TimeSpan.FromSeconds(20));
        output.WriteLine($"{body} {protocol} {kind}: allocated {allocated:N0} B; the server wrote {written:N0} B of JSON");

        Assert.True(allocated < Limit + Overhead, $"{allocated:N0} B allocated");
        Assert.True(clientWent, "the server did not see the client go");
        if (body == HugeBody.ErrorStatus)
        {
            // Refit reads an error body into ApiException.Content and ignores a failure to: the status is what is left.
            Assert.Equal(HttpStatusCode.InternalServerError, ex.StatusCode);
            Assert.Null(ex.Content);
        }
        else
        {
            var tooLarge = Assert.IsType<ResponseTooLargeException>(ex.InnerException);
            Assert.Equal(Limit, tooLarge.Limit);
            Assert.Equal(body == HugeBody.ContentLength ? HugeResponses.ArrayLength : Limit + 1, tooLarge.Size);
        }
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task An_ApiResponse_Carries_The_Failure_As_Its_Error(ServerProtocol protocol, ClientKind kind)
    {
        var server = new HugeResponses();
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);

        using var response = await client.Api.GetPeopleResponse(HugeBody.Chunked);

        Assert.Null(response.Content);
        Assert.IsType<ResponseTooLargeException>(response.Error?.InnerException);
    }

    [Theory]
    [MemberData(nameof(LongStreams))]
    public async Task A_Long_Stream_Yields_Far_Past_The_Limit_Holding_Little(HugeBody body, ServerProtocol protocol, ClientKind kind)
    {
        // What the first stream of a process sets up once (compiled code, the readers' static caches) is not held per item.
        await WarmUpAsync(body, protocol, kind);

        // About 32 MiB of people: the limit is for bodies held whole, and a stream holds one item at a time. The server
        // sends eight chunks at a time and waits; once the client has read every person of them, nothing is in flight (no
        // transport buffer ahead of the reader), and what is held is the reader's own.
        const int Rounds = 4, ChunksPerRound = 8;
        var perRound = ChunksPerRound * HugeResponses.PeoplePerChunk(body);
        using var pace = new SemaphoreSlim(0);
        var server = new HugeResponses { Pace = pace };
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);
        long seen = 0, peak = 0;

        var baseline = GC.GetTotalMemory(forceFullCollection: true);
        pace.Release(ChunksPerRound);
        var people = client.Api.StreamPeople(body).GetAsyncEnumerator();
        var readAll = false;
        try
        {
            // A reader that held back a person sent until more came would wait here for bytes the server never sends.
            while (seen < Rounds * perRound && await NextAsync(people))
            {
                Assert.Equal(7, people.Current!.Age);
                if (++seen % perRound == 0)
                {
                    peak = Math.Max(peak, GC.GetTotalMemory(forceFullCollection: true) - baseline);
                    if (seen < Rounds * perRound)
                    {
                        pace.Release(ChunksPerRound);
                    }
                }
            }

            readAll = true;
        }
        finally
        {
            // Disposed only after a read that ended: Refit's enumerator throws on a dispose under a pending read, which
            // would hide the timeout that says why the test failed (the client's disposal ends that read).
            if (readAll)
            {
                await people.DisposeAsync();
            }
        }

        var (written, clientWent) = await server.Finished.WaitAsync(TimeSpan.FromSeconds(20));
        output.WriteLine($"{body} {protocol} {kind}: {seen:N0} items, {written:N0} B written, at most {peak:N0} B more held");

        Assert.Equal(Rounds * perRound, seen);
        Assert.True(clientWent, "the server did not see the client go");
        Assert.True(peak < 4 * Limit, $"{peak:N0} B held");
    }

    // Bounded only where it waits: most people are already read, and a task a person would cost more than the reading.
    [SuppressMessage("Reliability", "CA2012", Justification = "Consumed once: returned, or turned into the task that is waited on.")]
    private static ValueTask<bool> NextAsync(IAsyncEnumerator<Person?> people)
    {
        var next = people.MoveNextAsync();
        return next.IsCompletedSuccessfully ? next : new(next.AsTask().WaitAsync(TimeSpan.FromSeconds(30)));
    }

    private static async Task WarmUpAsync(HugeBody body, ServerProtocol protocol, ClientKind kind)
    {
        await using var loopback = await LoopbackServer.StartAsync(new HugeResponses().ServeAsync, protocol);
        await using var client = Client(loopback, kind);
        var seen = 0;
        await foreach (var person in client.Api.StreamPeople(body))
        {
            if (++seen == 1_000)
            {
                break;
            }
        }
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task One_Endless_Element_Of_A_Stream_Fails_At_The_Limit(ServerProtocol protocol, ClientKind kind)
    {
        var server = new HugeResponses();
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);

        var before = GC.GetTotalAllocatedBytes(precise: true);
        var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(async () =>
        {
            await foreach (var _ in client.Api.StreamPeople(HugeBody.EndlessElement))
            {
            }
        });
        var allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        var (_, clientWent) = await server.Finished.WaitAsync(TimeSpan.FromSeconds(20));

        // The handler's limit bounds each item too: it is below the serializer's MaxStreamItemSize (16 MiB by default).
        Assert.Equal(Limit, ex.Limit);
        Assert.True(allocated < Limit + Overhead, $"{allocated:N0} B allocated");
        Assert.True(clientWent, "the server did not see the client go");
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task A_Task_Of_The_Same_Endless_Body_Is_Still_Cut_At_The_Limit(ServerProtocol protocol, ClientKind kind)
    {
        var server = new HugeResponses();
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);

        var ex = await Assert.ThrowsAsync<ApiException>(() => client.Api.GetPeople(HugeBody.Endless));

        var tooLarge = Assert.IsType<ResponseTooLargeException>(ex.InnerException);
        Assert.Equal(Limit + 1, tooLarge.Size);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task A_Slow_Stream_Yields_Its_First_Item_Before_The_Second_Is_Sent(ServerProtocol protocol, ClientKind kind)
    {
        var server = new HugeResponses();
        await using var loopback = await LoopbackServer.StartAsync(server.ServeAsync, protocol);
        await using var client = Client(loopback, kind);

        await using var items = client.Api.Slow().GetAsyncEnumerator();

        Assert.True(await items.MoveNextAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(20)));
        Assert.Equal(new Person("first", 1), items.Current);
        server.ReleaseSecond();
        Assert.True(await items.MoveNextAsync());
        Assert.Equal(new Person("second", 2), items.Current);
        Assert.False(await items.MoveNextAsync());
    }

    private static HugeClient Client(LoopbackServer server, ClientKind kind)
    {
        if (kind == ClientKind.RestService)
        {
            var handler = new ResponseSizeLimitHandler(Limit) { InnerHandler = new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.All } };
            return new HugeClient(RestService.ForGenerated<IHugeApi>(server.CreateClient(handler), s_settings), null);
        }

        var services = new ServiceCollection();
        services.AddRefitGeneratedClient<IHugeApi>(s_settings)
            .ConfigureHttpClient(http => http.BaseAddress = server.BaseAddress)
            .ConfigurePrimaryHttpMessageHandler(() => new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.All })
            .AddHttpMessageHandler(() => new ResponseSizeLimitHandler(Limit))
            .AddHttpMessageHandler(server.CreateProtocolHandler);
        var provider = services.BuildServiceProvider();
        return new HugeClient(provider.GetRequiredService<IHugeApi>(), provider);
    }

    private sealed record HugeClient(IHugeApi Api, ServiceProvider? Provider) : IAsyncDisposable
    {
        public ValueTask DisposeAsync() => Provider?.DisposeAsync() ?? ValueTask.CompletedTask;
    }
}
