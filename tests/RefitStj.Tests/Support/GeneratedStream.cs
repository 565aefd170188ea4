using System.Text;

namespace RefitStj.Tests.Support;

/// <summary>
/// A body of a very large number of small items, produced on the fly and never held whole: a prefix, then
/// <c>count</c> items from a template with <c>{0}</c> for the index, separated by a separator, then a suffix.
/// </summary>
internal sealed class GeneratedStream(long count, string template, string separator, string prefix = "", string suffix = "") : Stream
{
    private readonly byte[] _scratch = new byte[4096];
    private ReadOnlyMemory<byte> _pending = Encoding.UTF8.GetBytes(prefix);
    private long _next;
    private bool _done;

    public long BytesProduced { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(Read(buffer.Span));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        var written = 0;
        while (written < buffer.Length)
        {
            if (_pending.IsEmpty && !Refill())
            {
                break;
            }

            var n = Math.Min(buffer.Length - written, _pending.Length);
            _pending.Span[..n].CopyTo(buffer[written..]);
            _pending = _pending[n..];
            written += n;
        }

        BytesProduced += written;
        return written;
    }

    private bool Refill()
    {
        if (_done)
        {
            return false;
        }

        string text;
        if (_next < count)
        {
            text = (_next > 0 ? separator : "") + string.Format(System.Globalization.CultureInfo.InvariantCulture, template, _next);
            _next++;
        }
        else
        {
            text = suffix;
            _done = true;
        }

        var length = Encoding.UTF8.GetBytes(text, _scratch);
        _pending = _scratch.AsMemory(0, length);
        return true;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
