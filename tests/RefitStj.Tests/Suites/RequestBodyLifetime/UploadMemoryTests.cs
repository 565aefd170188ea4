using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

public interface IUploadMemoryApi
{
    [Post("/upload")]
    Task Upload([Body] List<Person> body, CancellationToken cancellationToken);
}

/// <summary>
/// Refit's default body mode (<c>Buffered = false</c>) sends the body chunked whatever the serializer returns, so a body
/// held whole while it is sent costs its size per request in flight for nothing: RefitStj writes it while it is sent, as
/// Refit's own serializer does. Measured while the server holds the upload part-read, over real sockets, as what the
/// library has taken from its pool and as the managed heap's growth (a pool that kept arrays from earlier bodies would
/// hide the second, not the first), after many small bodies of the same type; and a body that is never sent (connection
/// refused) gives back all it took, in every body mode.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class UploadMemoryTests
{
    // The server's own buffers (Kestrel reads up to 1 MiB ahead) and the connection's, with room to spare; the body is 12 MB.
    private const long MostHeldInFlight = 4 * 1024 * 1024;

    // A body sent while it is written goes through System.Text.Json's own bounded buffer and rents nothing from the
    // library's pool; the bound leaves room for the response's read buffer.
    private const long MostRentedInFlight = 64 * 1024;

    private static readonly List<Person> s_body = Enumerable.Range(0, 400_000).Select(i => new Person("name" + i, i)).ToList();

    [Theory]
    [InlineData(ServerProtocol.Http1)]
    [InlineData(ServerProtocol.Http2)]
    public async Task A_Large_Default_Mode_Body_In_Flight_Holds_A_Bounded_Buffer_Not_Its_Size(ServerProtocol protocol)
    {
        var reading = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var proceed = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var received = 0L;
        await using var server = await LoopbackServer.StartAsync(
            async context =>
            {
                var buffer = new byte[16 * 1024];
                int read;
                while ((read = await context.Request.Body.ReadAsync(buffer)) > 0)
                {
                    received += read;
                    if (received > 1024 * 1024 && reading.TrySetResult())
                    {
                        await proceed.Task.WaitAsync(TimeSpan.FromSeconds(30));
                    }
                }

                context.Response.StatusCode = StatusCodes.Status204NoContent;
            },
            protocol);
        using var http = server.CreateClient();
        var api = RestService.ForGenerated<IUploadMemoryApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() });
        // Many small bodies of the type first: whatever a writer learnt from them must not decide how the large one is held.
        var small = s_body.Take(10).ToList();
        for (var i = 0; i < 24; i++)
        {
            await api.Upload(small, CancellationToken.None);
        }

        reading = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        received = 0;

        using var pool = new CountingPool(poison: true);
        var baseline = GC.GetTotalMemory(forceFullCollection: true);
        var upload = api.Upload(s_body, CancellationToken.None);
        await reading.Task.WaitAsync(TimeSpan.FromSeconds(30));
        var held = GC.GetTotalMemory(forceFullCollection: true) - baseline;
        var rented = pool.OutstandingBytes;
        proceed.TrySetResult();
        await upload.WaitAsync(TimeSpan.FromSeconds(60));

        Assert.True(received > 10_000_000, $"the server received {received} bytes");
        Assert.True(rented <= MostRentedInFlight, $"{rented:N0} bytes rented from the library's pool while a {received:N0}-byte body was in flight");
        Assert.True(held < MostHeldInFlight, $"{held:N0} bytes held on the heap while a {received:N0}-byte body was in flight");
        Assert.Equal(0, pool.Outstanding);
    }

    [Theory]
    [InlineData(RequestBodySerializationMode.Default, false)]
    [InlineData(RequestBodySerializationMode.Default, true)]
    [InlineData(RequestBodySerializationMode.Buffered, false)]
    [InlineData(RequestBodySerializationMode.Streamed, false)]
    public async Task A_Body_Never_Sent_Leaves_No_Array_Rented(RequestBodySerializationMode mode, bool buffered)
    {
        // A port nothing listens on: bound, then closed, so the connection is refused.
        int port;
        using (var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
        {
            listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            port = ((IPEndPoint)listener.LocalEndPoint!).Port;
        }

        using var pool = new CountingPool(poison: true);
        using var http = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}/") };
        var api = RestService.ForGenerated<IUploadMemoryApi>(
            http,
            new RefitSettings { ContentSerializer = new StjContentSerializer(), RequestBodySerialization = mode, Buffered = buffered });

        for (var i = 0; i < 3; i++)
        {
            await Assert.ThrowsAsync<HttpRequestException>(() => api.Upload(s_body.Take(100_000).ToList(), CancellationToken.None));
        }

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }
}
