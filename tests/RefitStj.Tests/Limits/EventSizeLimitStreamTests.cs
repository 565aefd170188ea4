using System.Text;
using RefitStj.IO;
using RefitStj.Limits;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Limits;

public sealed class EventSizeLimitStreamTests
{
    // Two 16-byte data lines, each under the limit of 25, and together (with their line ends) over it.
    [Theory]
    [InlineData("data: 0123456789\ndata: 0123456789\n\n")]
    [InlineData("data: 0123456789", "\ndata: 0123456789\n\n")]
    [InlineData("data: 0123456789", "\n", "data: 0123456789\n", "\n")]
    [InlineData("data: 0123456789\r\ndata: 0123456789\r\n\r\n")]
    [InlineData("data: 0123456789\r", "\ndata: 0123456789\r\n\r\n")]
    public void The_Lines_Of_One_Event_Count_Together_However_The_Reads_Split_Them(params string[] reads)
    {
        var stream = new EventSizeLimitStream(new ChunkedStream(reads), limit: 25);

        var ex = Assert.Throws<ResponseTooLargeException>(() => ReadToEnd(stream));

        Assert.Equal(25, ex.Limit);
    }

    [Theory]
    [InlineData("data: 0123456789\n\ndata: 0123456789\n\n")]
    [InlineData("data: 0123", "\n", "\n", "data: 0123456789\n", "\n")]
    [InlineData("\n", "data: 0123456789\n", "\n")]
    public void A_Blank_Line_Ends_The_Event_So_The_Next_Counts_From_Zero(params string[] reads)
    {
        var stream = new EventSizeLimitStream(new ChunkedStream(reads), limit: 18);

        Assert.Equal(string.Concat(reads), ReadToEnd(stream));
    }

    private static string ReadToEnd(Stream stream)
    {
        var text = new StringBuilder();
        var buffer = new byte[256];
        for (var read = stream.Read(buffer); read > 0; read = stream.Read(buffer))
        {
            text.Append(Encoding.UTF8.GetString(buffer, 0, read));
        }

        return text.ToString();
    }

    /// <summary>Hands out its chunks one read each, as a connection delivers what the server flushed.</summary>
    private sealed class ChunkedStream(string[] chunks) : ReadOnlyTestStream
    {
        private readonly byte[][] _chunks = [.. chunks.Select(Encoding.UTF8.GetBytes)];
        private int _chunk;
        private int _offset;

        public override int Read(Span<byte> buffer)
        {
            if (_chunk == _chunks.Length)
            {
                return 0;
            }

            var rest = _chunks[_chunk].AsSpan(_offset);
            var count = Math.Min(rest.Length, buffer.Length);
            rest[..count].CopyTo(buffer);
            (_chunk, _offset) = count == rest.Length ? (_chunk + 1, 0) : (_chunk, _offset + count);
            return count;
        }

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            ValueTask.FromResult(Read(buffer.Span));
    }
}
