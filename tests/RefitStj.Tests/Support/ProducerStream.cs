using System.Threading.Channels;

namespace RefitStj.Tests.Support;

/// <summary>A non-seekable stream fed chunk by chunk by a test, like a response whose server writes one item at a time.</summary>
internal sealed class ProducerStream : ReadOnlyTestStream
{
    private readonly Channel<byte[]> _chunks = Channel.CreateUnbounded<byte[]>();
    private ReadOnlyMemory<byte> _current;

    public void Write(string text) => _chunks.Writer.TryWrite(System.Text.Encoding.UTF8.GetBytes(text));

    public void Complete() => _chunks.Writer.TryComplete();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        while (_current.IsEmpty)
        {
            if (!await _chunks.Reader.WaitToReadAsync(cancellationToken))
            {
                return 0;
            }

            _chunks.Reader.TryRead(out var next);
            _current = next;
        }

        var count = Math.Min(buffer.Length, _current.Length);
        _current[..count].CopyTo(buffer);
        _current = _current[count..];
        return count;
    }
}
