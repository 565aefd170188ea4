using System.Net;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

public interface IUploadFaultApi
{
    [Post("/upload")]
    Task Upload([Body] List<Person> body, CancellationToken cancellationToken);

    [Post("/upload")]
    Task UploadFailing([Body] List<FailingItem> body, CancellationToken cancellationToken);
}

/// <summary>An item whose getter throws where <see cref="Fails"/> is set: a body whose serialization fails part-way.</summary>
public sealed class FailingItem
{
    public int Index { get; init; }

    [System.Text.Json.Serialization.JsonIgnore]
    public bool Fails { get; init; }

    public int Value => Fails ? throw new InvalidOperationException("item " + Index + " cannot be written") : Index;
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

    [Theory]
    [InlineData("refit", 0)]
    [InlineData("refitstj", 0)]
    [InlineData("refit", 500_000)]
    [InlineData("refitstj", 500_000)]
    public async Task A_Body_Whose_Serialization_Fails_While_Sent_Is_An_HttpRequestException_Holding_The_Cause(string serializer, int failsAt)
    {
        // Written while it is sent, so the failure surfaces from the send, as HttpClient wraps it; a late one after part of the body left.
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            try
            {
                await context.Request.Body.CopyToAsync(Stream.Null);
            }
            catch (Exception ex) when (ex is IOException or BadHttpRequestException)
            {
                // The client gave up mid-body.
            }
        });
        using var http = server.CreateClient();
        var api = RestService.ForGenerated<IUploadFaultApi>(http, new RefitSettings
        {
            ContentSerializer = serializer == "refit" ? RefitControl.Serializer() : new StjContentSerializer(),
        });
        var body = Enumerable.Range(0, failsAt + 1).Select(i => new FailingItem { Index = i, Fails = i == failsAt }).ToList();

        var error = await Assert.ThrowsAsync<HttpRequestException>(() => api.UploadFailing(body, CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(30)));

        var cause = Assert.IsType<InvalidOperationException>(error.InnerException);
        Assert.Equal($"item {failsAt} cannot be written", cause.Message);
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
        var api = RestService.ForGenerated<IUploadFaultApi>(http, new RefitSettings
        {
            ContentSerializer = serializer == "refit" ? RefitControl.Serializer() : new StjContentSerializer(),
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
