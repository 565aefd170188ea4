using System.Net;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

/// <summary>
/// A server that refuses a large body with 413 without reading it, over HTTP/1.1 and HTTP/2: the client sees the 413,
/// nothing hangs, and every array rented for the body goes back exactly once, after the handler stopped reading it.
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class UnreadBodyRejectionTests
{
    private static readonly Person s_large = new(new string('z', 4_000_000), 1);

    [Theory]
    [InlineData(ServerProtocol.Http1, "default")]
    [InlineData(ServerProtocol.Http1, "serialization buffered")]
    [InlineData(ServerProtocol.Http2, "default")]
    [InlineData(ServerProtocol.Http2, "serialization buffered")]
    [InlineData(ServerProtocol.Http2MinimumWindows, "default")]
    public async Task The_Client_Sees_413_And_Every_Array_Goes_Back_Once(ServerProtocol protocol, string mode)
    {
        using var pool = new CountingPool(poison: true);
        await using var server = await LoopbackServer.StartAsync(
            async context =>
            {
                context.Response.StatusCode = StatusCodes.Status413PayloadTooLarge;
                await context.Response.CompleteAsync();
            },
            protocol);
        using var client = server.CreateClient();
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer() };
        RefitClientBodyTests.Configure(settings, mode);
        var api = RestService.ForGenerated<IBodyLifetimeApi>(client, settings);

        for (var i = 0; i < 3; i++)
        {
            var ex = await Assert.ThrowsAsync<ApiException>(() => api.Post(s_large)).WaitAsync(TimeSpan.FromSeconds(20));
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, ex.StatusCode);
        }

        // The handler may still be ending its write after the response: give it a bounded moment.
        Assert.True(SpinWait.SpinUntil(() => pool.Outstanding == 0, TimeSpan.FromSeconds(10)), $"{pool.Outstanding} arrays still rented");
        Assert.Equal(0, pool.BadReturns);
    }
}
