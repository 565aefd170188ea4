using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.RequestBodyLifetime;

/// <summary>
/// A copy of a request content racing its disposal, as when Refit or user code disposes a request while the handler is
/// still writing its body: the copy either delivers exactly the body or fails with ObjectDisposedException, never
/// completes with bytes from an array that went back to the pool (poisoned here, so such bytes cannot go unseen).
/// </summary>
[Collection(nameof(BufferPoolIsolation))]
public sealed class CopyDisposeRaceTests
{
    private readonly StjContentSerializer _serializer = new();

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_Copy_Racing_Dispose_Delivers_The_Exact_Body_Or_Throws_ObjectDisposedException(bool synchronousContent)
    {
        var body = Enumerable.Range(0, 3000).Select(i => new Person("p" + i, i)).ToList();
        var expected = JsonSerializer.SerializeToUtf8Bytes(body, _serializer.Options);
        using var pool = new CountingPool(poison: true);
        int exact = 0, disposed = 0;

        for (var i = 0; i < 300; i++)
        {
            var content = synchronousContent ? _serializer.ToHttpContentSynchronous(body) : _serializer.ToHttpContent(body);
            var wire = new SlowWriteStream();
            var copying = Task.Run(() => content.CopyToAsync(wire));
            var disposing = Task.Run(content.Dispose);
            await disposing;
            try
            {
                await copying;
                Assert.Equal(expected, wire.Written);
                exact++;
            }
            catch (Exception ex) when (ex is ObjectDisposedException || ex.InnerException is ObjectDisposedException)
            {
                disposed++;
            }
        }

        Assert.Equal(300, exact + disposed);
        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(0, pool.BadReturns);
    }

    /// <summary>Copies each write 8 KiB at a time with a yield in between, so a write spans other threads' work.</summary>
    private sealed class SlowWriteStream : WriteOnlyTestStream
    {
        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            for (var offset = 0; offset < buffer.Length; offset += 8192)
            {
                await Task.Yield();
                Keep(buffer.Span[offset..Math.Min(offset + 8192, buffer.Length)]);
            }
        }
    }
}
