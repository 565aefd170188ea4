using System.Collections.Concurrent;
using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Suites.RequestBodyLifetime;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

public interface ILargeBodyApi
{
    [Post("/people")]
    Task Post([Body] List<Person> people);

    [Post("/people")]
    Task PostBuffered([Body(buffered: true)] List<Person> people);
}

/// <summary>
/// Bodies larger than one pooled segment (several MiB) through real Refit clients to Kestrel on loopback, HTTP/1.1 and
/// h2c: every byte arrives in order, with the exact Content-Length wherever Refit sends RefitStj's content as it is, and
/// every pooled segment goes back (poisoned, so a segment read after it went back would corrupt a body).
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class LargeRequestBodyTests
{
    // About 3 MB: three pooled segments and part of a fourth.
    private static readonly List<Person> s_people = [.. Enumerable.Range(0, 100_000).Select(i => new Person("person number " + i, i))];

    public static TheoryData<string, ServerProtocol> ModesAndProtocols()
    {
        var data = new TheoryData<string, ServerProtocol>();
        foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2, ServerProtocol.Http2MinimumWindows })
        {
            foreach (var mode in new[] { "default", "settings buffered", "body buffered", "serialization buffered" })
            {
                data.Add(mode, protocol);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(ModesAndProtocols))]
    public async Task A_Body_Of_Several_Segments_Arrives_Intact_With_Its_Exact_Length(string mode, ServerProtocol protocol)
    {
        var serializer = new StjContentSerializer();
        var expected = JsonSerializer.SerializeToUtf8Bytes(s_people, serializer.Options);
        var received = new ConcurrentQueue<(byte[] Body, long? Length, string Protocol)>();
        using var pool = new CountingPool(poison: true);
        await using var server = await LoopbackServer.StartAsync(
            async context =>
            {
                using var copy = new MemoryStream();
                await context.Request.Body.CopyToAsync(copy, context.RequestAborted);
                received.Enqueue((copy.ToArray(), context.Request.ContentLength, context.Request.Protocol));
                context.Response.StatusCode = StatusCodes.Status204NoContent;
            },
            protocol);
        using var http = server.CreateClient();
        var settings = new RefitSettings { ContentSerializer = serializer };
        RefitClientBodyTests.Configure(settings, mode);
        var api = RestService.ForGenerated<ILargeBodyApi>(http, settings);

        for (var i = 0; i < 3; i++)
        {
            await (mode == "body buffered" ? api.PostBuffered(s_people) : api.Post(s_people));
        }

        Assert.True(expected.Length > 3 * 1024 * 1024, $"the body is {expected.Length} bytes");
        Assert.Equal(3, received.Count);
        foreach (var (body, length, version) in received)
        {
            Assert.Equal("ok", Http2BodyIntegrityTests.Compare("the body", expected, body));
            Assert.Equal(protocol == ServerProtocol.Http1 ? "HTTP/1.1" : "HTTP/2", version);

            // Refit's default mode wraps the content in its own, of unknown length; the buffered modes send RefitStj's.
            Assert.Equal(mode == "default" ? null : expected.Length, length);
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }
}
