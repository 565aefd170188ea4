using System.Net;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>The stream over a limited response's body owns the body's stream: disposing it closes the body, as HttpContent's own streams do.</summary>
public sealed class LimitHandlerReadStreamTests
{
    [Fact]
    public void Dispose_Closes_The_Body_Under_It()
    {
        var body = new DisposalTrackingStream();
        using var content = new LimitHandlerContent(new StringContent("[]"), limit: 1024, HttpStatusCode.OK);

        new LimitHandlerReadStream(body, content).Dispose();

        Assert.True(body.Disposed);
        Assert.False(body.DisposedAsynchronously);
    }

    [Fact]
    public async Task DisposeAsync_Closes_The_Body_Asynchronously()
    {
        var body = new DisposalTrackingStream();
        using var content = new LimitHandlerContent(new StringContent("[]"), limit: 1024, HttpStatusCode.OK);

        await new LimitHandlerReadStream(body, content).DisposeAsync();

        Assert.True(body.DisposedAsynchronously);
    }

    [Fact]
    public async Task DisposeAsync_Posts_Nothing_To_The_Callers_Context()
    {
        var body = new DisposalTrackingStream(yieldOnDispose: true);
        using var content = new LimitHandlerContent(new StringContent("[]"), limit: 1024, HttpStatusCode.OK);
        var context = new PostCountingContext();
        var disposal = Task.CompletedTask;

        context.Run(() => disposal = new LimitHandlerReadStream(body, content).DisposeAsync().AsTask());
        await disposal;

        Assert.True(body.DisposedAsynchronously);
        Assert.Equal(0, context.Posts);
    }

    [Fact]
    public async Task A_Stream_Read_By_Items_Is_Not_Cut_At_The_Body_Limit()
    {
        var data = new byte[4096];
        using var content = new LimitHandlerContent(new ByteArrayContent(data), limit: 1024, HttpStatusCode.OK);
        var stream = new LimitHandlerReadStream(new MemoryStream(data), content);

        Assert.Equal(1024, stream.ReadByItems());

        // One read takes all the buffer holds: the body's limit no longer shortens reads.
        Assert.Equal(data.Length, await stream.ReadAsync(new byte[data.Length]));
        Assert.Equal(0, await stream.ReadAsync(new byte[data.Length]));
    }

    private sealed class DisposalTrackingStream(bool yieldOnDispose = false) : ReadOnlyTestStream
    {
        public bool Disposed { get; private set; }

        public bool DisposedAsynchronously { get; private set; }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) => ValueTask.FromResult(0);

        public override async ValueTask DisposeAsync()
        {
            if (yieldOnDispose)
            {
                // Completes on the thread pool, so the caller's continuation is posted unless it asked not to be.
                await Task.Delay(1).ConfigureAwait(false);
            }

            DisposedAsynchronously = true;
            await base.DisposeAsync().ConfigureAwait(false);
        }

        protected override void Dispose(bool disposing)
        {
            Disposed = true;
            base.Dispose(disposing);
        }
    }
}
