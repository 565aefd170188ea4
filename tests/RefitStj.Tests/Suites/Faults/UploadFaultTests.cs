using System.Net;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

public interface IUploadFaultApi
{
    [Post("/upload")]
    Task Upload([Body] List<Person> body, CancellationToken cancellationToken);
}

/// <summary>
/// Uploads that go wrong on the wire, in Refit's default body mode over real sockets, side by side with Refit's own
/// serializer: what the caller gets must be the same exception from either (docs/errors.md, "Uploads").
/// </summary>
public sealed class UploadFaultTests
{
    // About 28 MB: more than the loopback socket buffers and Kestrel's request buffer hold, so a server that stops reading stalls the send.
    private static readonly List<Person> s_body = Enumerable.Range(0, 800_000).Select(i => new Person("name" + i, i)).ToList();

    public static TheoryData<string> Serializers => ["refit", "refitstj"];

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Connection_Reset_Mid_Upload_Is_An_HttpRequestException(string serializer)
    {
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            var buffer = new byte[64 * 1024];
            var read = 0;
            while (read < 1024 * 1024)
            {
                read += await context.Request.Body.ReadAsync(buffer);
            }

            context.Abort();
        });

        var outcome = await OutcomeAsync(server, serializer, CancellationToken.None);

        Assert.Equal("HttpRequestException", outcome);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_413_Answered_Before_The_Body_Is_Read_Is_An_ApiException_With_That_Status(string serializer)
    {
        await using var server = await LoopbackServer.StartAsync(context =>
        {
            context.Response.StatusCode = StatusCodes.Status413PayloadTooLarge;
            return Task.CompletedTask;
        });

        var outcome = await OutcomeAsync(server, serializer, CancellationToken.None);

        Assert.Equal("ApiException 413", outcome);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Server_That_Stops_Reading_Ends_With_The_Callers_Token(string serializer)
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = await StallingServerAsync(release);
        using var cancel = new CancellationTokenSource(TimeSpan.FromSeconds(1));

        var outcome = await OutcomeAsync(server, serializer, cancel.Token);
        release.TrySetResult();

        Assert.Equal("TaskCanceledException", outcome);
    }

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task A_Server_That_Stops_Reading_Ends_With_HttpClient_Timeout(string serializer)
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = await StallingServerAsync(release);

        var outcome = await OutcomeAsync(server, serializer, CancellationToken.None, TimeSpan.FromSeconds(1));
        release.TrySetResult();

        Assert.Equal("TaskCanceledException (TimeoutException)", outcome);
    }

    private static Task<LoopbackServer> StallingServerAsync(TaskCompletionSource release) =>
        LoopbackServer.StartAsync(async context =>
        {
            var buffer = new byte[64 * 1024];
            _ = await context.Request.Body.ReadAsync(buffer);
            await release.Task.WaitAsync(TimeSpan.FromSeconds(30));
        });

    private static async Task<string> OutcomeAsync(LoopbackServer server, string serializer, CancellationToken cancellationToken, TimeSpan? timeout = null)
    {
        using var http = server.CreateClient();
        http.Timeout = timeout ?? TimeSpan.FromSeconds(30);
        var api = RestService.For<IUploadFaultApi>(http, new RefitSettings
        {
            ContentSerializer = serializer == "refit" ? new SystemTextJsonContentSerializer() : new StjContentSerializer(),
        });
        try
        {
            await api.Upload(s_body, cancellationToken).WaitAsync(TimeSpan.FromSeconds(30), CancellationToken.None);
            return "sent";
        }
        catch (ApiException ex)
        {
            return $"ApiException {(int)ex.StatusCode}";
        }
        catch (Exception ex) when (ex is HttpRequestException or OperationCanceledException)
        {
            return ex.GetType().Name + (ex.InnerException is TimeoutException ? " (TimeoutException)" : "");
        }
    }
}
