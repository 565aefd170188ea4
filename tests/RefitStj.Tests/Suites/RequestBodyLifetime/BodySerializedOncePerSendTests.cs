using System.Collections.Concurrent;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

public sealed record SentItem(string Name, int Age);

/// <summary>A body whose converter adds context to whatever failed beneath it, a common converter shape.</summary>
[JsonConverter(typeof(WrappingItemsConverter))]
public sealed class WrappedItems
{
    public List<SentItem> Items { get; init; } = [];
}

/// <summary>A body whose converter writes null rather than fail a whole request.</summary>
[JsonConverter(typeof(FallbackItemsConverter))]
public sealed class FallbackItems
{
    public List<SentItem> Items { get; init; } = [];
}

public sealed class WrappingItemsConverter : JsonConverter<WrappedItems>
{
    public override WrappedItems Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

    public override void Write(Utf8JsonWriter writer, WrappedItems value, JsonSerializerOptions options)
    {
        try
        {
            JsonSerializer.Serialize(writer, value.Items, options);
        }
        catch (Exception ex) when (ex is not JsonException)
        {
            throw new JsonException("Could not write the items.", ex);
        }
    }
}

public sealed class FallbackItemsConverter : JsonConverter<FallbackItems>
{
    public override FallbackItems Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException();

    public override void Write(Utf8JsonWriter writer, FallbackItems value, JsonSerializerOptions options)
    {
        try
        {
            JsonSerializer.Serialize(writer, value.Items, options);
        }
#pragma warning disable CA1031 // The shape under test: a converter that swallows any failure.
        catch (Exception)
#pragma warning restore CA1031
        {
            writer.WriteNullValue();
        }
    }
}

public interface ISentOnceApi
{
    [Post("/upload")]
    Task Items([Body] IEnumerable<SentItem> body);

    [Post("/upload")]
    Task Longs([Body] IEnumerable<long> body);

    [Post("/upload")]
    Task Wrapped([Body] WrappedItems body);

    [Post("/upload")]
    Task Fallback([Body] FallbackItems body);
}

/// <summary>
/// A request body is serialized exactly once per send and never abandoned half-way, in Refit's default body mode over
/// real sockets, side by side with Refit's own serializer: a generator runs once and is disposed, a sequence that can be
/// enumerated only once arrives whole, and a converter that catches exceptions never sees one the library made to stop
/// a serialization (bodies larger than 64 KiB, past any chunk a writer might try first). A type's many small bodies
/// come first, so no per-type history can route the large one differently.
/// </summary>
public sealed class BodySerializedOncePerSendTests
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);

    public static TheoryData<string> Serializers => ["refit", "refitstj"];

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Generator_Body_Is_Enumerated_Once_And_Disposed(string serializer)
    {
        await using var server = await RecordingServer.StartAsync();
        var api = server.Api(serializer);
        for (var i = 0; i < 24; i++)
        {
            await api.Items(Generate(3, new Counter()));
        }

        var counter = new Counter();
        await api.Items(Generate(5_000, counter));

        Assert.Equal((1, 5_000, 1), (counter.Started, counter.Yielded, counter.Disposed));
        Assert.Equal(5_000, JsonSerializer.Deserialize<SentItem[]>(server.Last, s_web)!.Length);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Once_Only_Body_Arrives_Whole(string serializer)
    {
        await using var server = await RecordingServer.StartAsync();
        var api = server.Api(serializer);
        for (var i = 0; i < 24; i++)
        {
            await api.Longs(OnceOnly(3));
        }

        await api.Longs(OnceOnly(30_000));

        var received = JsonSerializer.Deserialize<long[]>(server.Last)!;
        Assert.Equal(Enumerable.Range(0, 30_000).Select(i => 1_000_000L + i), received);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Converter_That_Wraps_Exceptions_Sends_A_Large_Body_Whole(string serializer)
    {
        await using var server = await RecordingServer.StartAsync();
        var api = server.Api(serializer);
        for (var i = 0; i < 24; i++)
        {
            await api.Wrapped(new WrappedItems { Items = Items(2) });
        }

        var body = new WrappedItems { Items = Items(5_000) };
        await api.Wrapped(body);

        Assert.Equal(await RefitsBytesAsync(body), server.Last);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Converter_That_Falls_Back_Sends_The_Whole_Body_Not_Its_Fallback(string serializer)
    {
        await using var server = await RecordingServer.StartAsync();
        var api = server.Api(serializer);
        for (var i = 0; i < 24; i++)
        {
            await api.Fallback(new FallbackItems { Items = Items(2) });
        }

        var body = new FallbackItems { Items = Items(5_000) };
        await api.Fallback(body);

        Assert.True(server.Last.Length > 64 * 1024, $"the body is {server.Last.Length} bytes");
        Assert.Equal(await RefitsBytesAsync(body), server.Last);
    }

    private static List<SentItem> Items(int count) => Enumerable.Range(0, count).Select(i => new SentItem("name" + i, i)).ToList();

    private static async Task<byte[]> RefitsBytesAsync<T>(T body)
    {
        using var content = RefitControl.Serializer().ToHttpContent(body);
        return await content.ReadAsByteArrayAsync();
    }

    private static IEnumerable<SentItem> Generate(int count, Counter counter)
    {
        counter.Started++;
        try
        {
            for (var i = 0; i < count; i++)
            {
                counter.Yielded++;
                yield return new SentItem("name" + i, i);
            }
        }
        finally
        {
            counter.Disposed++;
        }
    }

    // GetConsumingEnumerable takes each item off the queue: a second enumeration finds nothing.
    private static IEnumerable<long> OnceOnly(int count)
    {
        var queue = new BlockingCollection<long>();
        for (var i = 0L; i < count; i++)
        {
            queue.Add(1_000_000 + i);
        }

        queue.CompleteAdding();
        return queue.GetConsumingEnumerable();
    }

    private sealed class Counter
    {
        public int Started { get; set; }

        public int Yielded { get; set; }

        public int Disposed { get; set; }
    }

    private sealed class RecordingServer : IAsyncDisposable
    {
        private readonly LoopbackServer _server;
        private readonly HttpClient _http;
        private byte[] _last = [];

        private RecordingServer(LoopbackServer server)
        {
            _server = server;
            _http = server.CreateClient();
        }

        public byte[] Last => Volatile.Read(ref _last);

        public static async Task<RecordingServer> StartAsync()
        {
            RecordingServer? self = null;
            var server = await LoopbackServer.StartAsync(async context =>
            {
                using var buffer = new MemoryStream();
                await context.Request.Body.CopyToAsync(buffer);
                Volatile.Write(ref self!._last, buffer.ToArray());
                context.Response.StatusCode = StatusCodes.Status204NoContent;
            });
            self = new RecordingServer(server);
            return self;
        }

        public ISentOnceApi Api(string serializer) => RestService.ForGenerated<ISentOnceApi>(_http, new RefitSettings
        {
            ContentSerializer = serializer == "refit" ? RefitControl.Serializer() : new StjContentSerializer(),
        });

        public async ValueTask DisposeAsync()
        {
            _http.Dispose();
            await _server.DisposeAsync();
        }
    }
}
