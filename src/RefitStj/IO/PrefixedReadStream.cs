namespace RefitStj.IO;

/// <summary>A read-only, forward-only stream of the bytes already read from a body, then the rest of the body.</summary>
internal sealed class PrefixedReadStream(ReadOnlyMemory<byte> prefix, Stream rest) : ReadOnlyStream
{
    private ReadOnlyMemory<byte> _prefix = prefix;

    public override int Read(Span<byte> buffer) => _prefix.IsEmpty ? rest.Read(buffer) : TakePrefix(buffer);

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        _prefix.IsEmpty ? rest.ReadAsync(buffer, cancellationToken) : ValueTask.FromResult(TakePrefix(buffer.Span));

    private int TakePrefix(Span<byte> buffer)
    {
        var count = Math.Min(buffer.Length, _prefix.Length);
        _prefix.Span[..count].CopyTo(buffer);
        _prefix = _prefix[count..];
        return count;
    }
}
