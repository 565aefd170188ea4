using RefitStj.Json;

namespace RefitStj.Reading;

/// <summary>
/// A read-only view of a body stream with a Content-Length that fails when the body ends before that many bytes came:
/// an empty or short read is then a transfer that was cut, never a body that really was that short.
/// </summary>
internal sealed class DeclaredLengthStream(Stream inner, long declared) : IO.ReadOnlyStream
{
    private long _read;

    public override int Read(Span<byte> buffer) => Count(inner.Read(buffer), buffer.Length);

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        Count(await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false), buffer.Length);

    private int Count(int read, int asked)
    {
        _read += read;
        if (read == 0 && asked > 0 && _read < declared)
        {
            throw ReadErrors.BeforeContentLength(_read, declared);
        }

        return read;
    }
}
