using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class JsonLinesReaderTests
{
    private readonly StjContentSerializer _serializer = new();

    private async Task<List<Tick?>> Read(string body, int chunk = 5)
    {
        var items = new List<Tick?>();
        await _serializer.ReadTicksIntoAsync(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk), StreamingContentFormat.JsonLines, items);
        return items;
    }

    [Theory]
    [InlineData("{\"id\":1}\n{\"id\":2}\n")]
    [InlineData("{\"id\":1}\r\n{\"id\":2}\r\n")]
    [InlineData("{\"id\":1}\n\n  \r\n{\"id\":2}")]
    [InlineData("\uFEFF{\"id\":1}\n{\"id\":2}")]
    [InlineData("\n\n{\"id\":1}\r\n\t\r\n{\"id\":2}\n\n")]
    public async Task Reads_LF_CRLF_Blank_Lines_Missing_Final_Newline_And_Bom(string body)
    {
        Assert.Equal([1, 2], (await Read(body)).Select(t => t!.Id));
    }

    [Fact]
    public async Task Reads_A_Line_Larger_Than_The_Read_Buffer()
    {
        var big = new string('x', 100_000);
        var body = $"{{\"id\":1,\"name\":\"{big}\"}}\n{{\"id\":2}}\n";

        var items = await Read(body, chunk: 4096);

        Assert.Equal(big, items[0]!.Name);
        Assert.Equal(2, items[1]!.Id);
    }

    [Fact]
    public async Task Null_Line_Yields_Null()
    {
        Assert.Equal([null, new Tick(3, null)], await Read("null\n{\"id\":3}"));
    }

    [Fact]
    public async Task Empty_Body_Yields_Nothing()
    {
        Assert.Empty(await Read(""));
        Assert.Empty(await Read("\r\n\n"));
    }

    [Fact]
    public async Task Malformed_Line_Names_Its_Line_And_Earlier_Items_Stay_Valid()
    {
        var items = new List<Tick?>();
        var stream = new TrickleStream(Encoding.UTF8.GetBytes("{\"id\":1}\n\n{\"id\":2}\n{\"id\":oops}\n{\"id\":4}\n"));

        var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.ReadTicksIntoAsync(stream, StreamingContentFormat.JsonLines, items));

        Assert.StartsWith("Line 4 ", ex.Message, StringComparison.Ordinal);
        Assert.Equal(3, ex.LineNumber);
        Assert.Equal([new Tick(1, null), new Tick(2, null)], items);
    }

    [Theory]
    [InlineData("{\"id\":1}\n{\"id\":2}\n{\"id\":\"x\"}\n")]
    [InlineData("{\"id\":1}\n{\"id\":2}\n{\"id\":oops}\n")]
    public async Task A_Malformed_Line_Is_Named_By_One_Line_Number(string body)
    {
        var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.ReadTicksIntoAsync(new MemoryStream(Encoding.UTF8.GetBytes(body)), StreamingContentFormat.JsonLines, []));

        // The line read on its own is line 0 to System.Text.Json; the message names the body's line, once.
        Assert.StartsWith("Line 3 of the JSON Lines body", ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("LineNumber", ex.Message, StringComparison.Ordinal);
        Assert.Contains("line 3, byte ", ex.Message, StringComparison.Ordinal);
        Assert.Equal(2, ex.LineNumber);
    }

    [Fact]
    public async Task Long_Stream_Of_Lines_Slides_Rather_Than_Grows()
    {
        var stream = new GeneratedStream(50_000, "{{\"id\":{0},\"name\":\"line\"}}", "\n");
        var count = 0L;

        await foreach (var item in _serializer.DeserializeStreamAsync<Tick>(stream, StreamingContentFormat.JsonLines))
        {
            Assert.Equal(count++, item!.Id);
        }

        Assert.Equal(50_000, count);
    }

    [Fact]
    public async Task A_Line_Passing_The_Item_Limit_Is_Refused_At_Once_Though_The_Server_Has_Stopped_Sending()
    {
        var serializer = new StjContentSerializer { MaxStreamItemSize = 20 };
        using var stall = new CancellationTokenSource();
        var stream = new StallingStream(Encoding.UTF8.GetBytes("{\"id\":1}\n" + new string('x', 50)), stall.Token);
        var items = new List<Tick?>();

        try
        {
            var ex = await Assert.ThrowsAsync<ResponseTooLargeException>(
                () => serializer.ReadTicksIntoAsync(stream, StreamingContentFormat.JsonLines, items).WaitAsync(TimeSpan.FromSeconds(10)));

            Assert.Equal((20, 21), (ex.Limit, ex.Size));
            Assert.Equal([new Tick(1, null)], items);
        }
        finally
        {
            await stall.CancelAsync();
        }
    }

    /// <summary>
    /// Delivers its bytes, then behaves as a connection whose server stopped sending: every later read, even one of zero
    /// bytes (which on a socket waits for data), waits until <c>stall</c> is cancelled.
    /// </summary>
    private sealed class StallingStream(byte[] data, CancellationToken stall) : ReadOnlyTestStream
    {
        private int _position;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            if (_position == data.Length || buffer.IsEmpty)
            {
                await Task.Delay(Timeout.Infinite, stall);
            }

            var count = Math.Min(buffer.Length, data.Length - _position);
            data.AsSpan(_position, count).CopyTo(buffer.Span);
            _position += count;
            return count;
        }
    }
}
