using System.Net;
using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.LimitHandler;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.LimitHandler;

/// <summary>
/// The body behind <see cref="ResponseSizeLimitHandler"/> is read once: a failure of that read is kept, and every later
/// read (a second stream, a copy, a serializer after Refit's failed buffering) fails with it, never reads as empty.
/// </summary>
public sealed class LimitHandlerContentTests
{
    private static readonly byte[] s_body = Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(Enumerable.Range(0, 200).Select(i => new Person("p" + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions()));

    public static TheoryData<string> Serializers => ["RefitStj", "Refit"];

    [Theory]
    [MemberData(nameof(Serializers))]
    public async Task After_A_Failed_Buffering_Every_Read_Fails_With_The_Inner_Contents_Exception(string serializer)
    {
        using var content = Limited(new StreamContent(new TrickleStream(s_body, chunk: 64, failAfter: s_body.Length / 2)));

        var buffering = await Assert.ThrowsAnyAsync<Exception>(() => content.LoadIntoBufferAsync());
        var failure = Assert.IsType<IOException>(buffering is HttpRequestException ? buffering.InnerException : buffering);

        // As Refit does next: the serializer reads the same content, which must not come back empty (a null value).
        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(() => Serializer(serializer).FromHttpContentAsync<List<Person>>(content)));
        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(() => content.ReadAsStreamAsync()));
        Assert.Same(failure, Assert.IsType<HttpRequestException>(await Record.ExceptionAsync(() => content.CopyToAsync(Stream.Null))).InnerException);
    }

    [Fact]
    public async Task A_Stream_Whose_Read_Failed_Fails_Again_Rather_Than_Ending()
    {
        using var content = Limited(new StreamContent(new TrickleStream(s_body, chunk: 64, failAfter: 128)));
        var stream = await content.ReadAsStreamAsync();
        var buffer = new byte[64];

        var failure = await Assert.ThrowsAsync<IOException>(async () =>
        {
            while (await stream.ReadAsync(buffer) > 0)
            {
            }
        });

        Assert.Same(failure, await Assert.ThrowsAsync<IOException>(() => stream.ReadAsync(buffer).AsTask()));
        Assert.Same(failure, Assert.Throws<IOException>(() => stream.Read(buffer)));
    }

    [Fact]
    public async Task A_Body_Is_Read_Again_Unbuffered_When_The_Inner_Content_Can_Be()
    {
        using var bytes = Limited(new ByteArrayContent(s_body));
        using var text = Limited(new StringContent(System.Text.Encoding.UTF8.GetString(s_body)));

        foreach (var content in new[] { bytes, text })
        {
            for (var i = 0; i < 2; i++)
            {
                var copy = new MemoryStream();
                await content.CopyToAsync(copy);
                Assert.Equal(s_body, copy.ToArray());
            }
        }
    }

    [Fact]
    public async Task A_Buffered_Body_Is_Read_As_Often_As_Asked()
    {
        using var content = Limited(new StreamContent(new MemoryStream(s_body)));
        await content.LoadIntoBufferAsync();

        var serializer = new StjContentSerializer();
        Assert.Equal(200, (await serializer.FromHttpContentAsync<List<Person>>(content))!.Count);
        Assert.Equal(200, (await serializer.FromHttpContentAsync<List<Person>>(content))!.Count);
        Assert.Equal(s_body, await content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task A_Cancelled_Read_Is_Kept_Too_The_Rest_Of_The_Body_Being_Unknown()
    {
        using var cts = new CancellationTokenSource();
        using var content = Limited(new StreamContent(new CancelAfterReadsStream(s_body, chunk: 64, cts, cancelAt: 2)));

        var stream = await content.ReadAsStreamAsync();
        var buffer = new byte[64];

        var cancelled = await Assert.ThrowsAnyAsync<OperationCanceledException>(async () =>
        {
            while (await stream.ReadAsync(buffer, cts.Token) > 0)
            {
            }
        });

        Assert.Same(cancelled, await Assert.ThrowsAnyAsync<OperationCanceledException>(() => new StjContentSerializer().FromHttpContentAsync<List<Person>>(content)));
    }

    [Fact]
    public void A_Body_That_Declares_No_Length_Is_Given_None()
    {
        var inner = new StreamContent(new MemoryStream(s_body));

        using var content = Limited(inner);

        Assert.False(content.Headers.NonValidated.Contains("Content-Length"));
        Assert.Null(content.Headers.ContentLength);
        Assert.False(inner.Headers.NonValidated.Contains("Content-Length"));
    }

    [Fact]
    public async Task A_Body_That_Declares_Its_Length_Within_The_Limit_Keeps_It_And_Reads_Whole()
    {
        var inner = new ByteArrayContent(s_body);
        inner.Headers.ContentLength = s_body.Length;

        using var content = LimitedContent.Over(inner, limit: s_body.Length);

        Assert.Equal(s_body.Length, content.Headers.ContentLength);
        Assert.Equal(s_body, await content.ReadAsByteArrayAsync());
    }

    [Fact]
    public void A_Body_Read_Through_Once_Synchronously_Is_Read_Again_When_The_Inner_Content_Can_Be()
    {
        using var content = Limited(new ByteArrayContent(s_body));
        var copy = new MemoryStream();
        content.CopyTo(copy, null, CancellationToken.None);
        content.CopyTo(copy, null, CancellationToken.None);

        Assert.Equal(s_body.Concat(s_body), copy.ToArray());
    }

    [Fact]
    public async Task A_Disposed_Content_Cannot_Be_Read_Even_Once_Buffered()
    {
        var content = Limited(new StreamContent(new MemoryStream(s_body)));
        await content.LoadIntoBufferAsync();

        content.Dispose();

        await Assert.ThrowsAsync<ObjectDisposedException>(() => content.ReadAsByteArrayAsync());
    }

    private static IHttpContentSerializer Serializer(string name) =>
        name == "RefitStj" ? new StjContentSerializer() : RefitControl.Serializer();

    [Fact]
    public void A_Stream_Whose_Synchronous_Read_Failed_Fails_Again_Rather_Than_Ending()
    {
        using var content = Limited(new StreamContent(new ResetAfter(s_body, 128)));
        var stream = content.ReadAsStream();
        var buffer = new byte[64];

        var failure = Assert.Throws<IOException>(() =>
        {
            while (stream.Read(buffer) > 0)
            {
            }
        });

        Assert.Same(failure, Assert.Throws<IOException>(() => stream.Read(buffer)));
    }

    [Fact]
    public void After_A_Failed_Synchronous_Copy_Every_Synchronous_Read_Fails_With_Its_Exception()
    {
        using var content = Limited(new StreamContent(new ResetAfter(s_body, 128)));

        var copy = Assert.IsType<HttpRequestException>(Record.Exception(() => content.CopyTo(Stream.Null, null, CancellationToken.None)));
        var failure = Assert.IsType<IOException>(copy.InnerException);

        Assert.Same(failure, Assert.Throws<IOException>(() => content.ReadAsStream()));
        Assert.Same(failure, Assert.IsType<HttpRequestException>(Record.Exception(() => content.CopyTo(Stream.Null, null, CancellationToken.None))).InnerException);
    }

    [Theory]
    [InlineData("IOException")]
    [InlineData("ObjectDisposedException")]
    public async Task A_Later_Pass_Whose_Body_Fails_Keeps_The_Transports_Exception_Not_The_Copy_Wrapper(string kind)
    {
        Exception thrown = kind == "IOException" ? new IOException("The connection was reset.") : new ObjectDisposedException("SslStream");
        using var content = Limited(new StreamContent(new ThrowingStream(thrown)));
        var opened = await content.ReadAsStreamAsync();

        // The inner content's copy wraps what the body's stream threw, as HttpContent does.
        var copy = Assert.IsType<HttpRequestException>(await Record.ExceptionAsync(() => content.CopyToAsync(Stream.Null)));
        Assert.Same(thrown, copy.InnerException);

        Assert.Same(thrown, await Record.ExceptionAsync(() => opened.ReadAsync(new byte[64]).AsTask()));
    }

    [Theory]
    [InlineData("an HttpRequestException of its own")]
    [InlineData("an IOException in another exception")]
    public async Task A_Read_That_Fails_With_Any_Other_Exception_Keeps_That_Exception_Itself(string kind)
    {
        Exception thrown = kind == "an HttpRequestException of its own"
            ? new HttpRequestException(HttpRequestError.InvalidResponse, "The server sent an invalid frame.")
            : new InvalidOperationException("The decoder failed.", new IOException("The connection was reset."));
        using var content = Limited(new StreamContent(new ThrowingStream(thrown)));
        var stream = await content.ReadAsStreamAsync();

        Assert.Same(thrown, await Record.ExceptionAsync(() => stream.ReadAsync(new byte[64]).AsTask()));
        Assert.Same(thrown, await Record.ExceptionAsync(() => stream.ReadAsync(new byte[64]).AsTask()));
    }

    private static LimitHandlerContent Limited(HttpContent inner) => LimitedContent.Over(inner, limit: 1024 * 1024);

    /// <summary>A body whose every read, synchronous or not, throws <paramref name="thrown"/>.</summary>
    private sealed class ThrowingStream(Exception thrown) : ReadOnlyTestStream
    {
        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            ValueTask.FromException<int>(thrown);

        public override int Read(byte[] buffer, int offset, int count) => throw thrown;
    }

    /// <summary>A body read synchronously, 64 bytes at a time, whose connection resets after <paramref name="failAfter"/> bytes.</summary>
    private sealed class ResetAfter(byte[] data, int failAfter) : MemoryStream(data)
    {
        // A span read of a type derived from MemoryStream comes here through Stream.Read(Span<byte>).
        public override int Read(byte[] buffer, int offset, int count) =>
            Position >= failAfter ? throw new IOException("Connection reset by peer.") : base.Read(buffer, offset, Math.Min(count, 64));
    }
}
