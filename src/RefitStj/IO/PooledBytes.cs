namespace RefitStj.IO;

/// <summary>
/// Bytes held in arrays rented from <see cref="WriteBufferPool"/>: one array for a body up to the pooled size, a chain of
/// pooled segments above it, so no body needs an array of its own size. A value copy shares the arrays; exactly one
/// owner gives them back with <see cref="Return"/>.
/// </summary>
internal readonly struct PooledBytes
{
    // One of the two is set: a single array (no array of segments to allocate for the common small body), or the chain.
    private readonly byte[]? _array;
    private readonly ArraySegment<byte>[]? _segments;

    public PooledBytes(byte[] array, int length)
    {
        _array = array;
        Length = length;
    }

    public PooledBytes(ArraySegment<byte>[] segments, long length)
    {
        _segments = segments;
        Length = length;
    }

    /// <summary>The number of bytes held.</summary>
    public long Length { get; }

    /// <summary>Whether this holds nothing (the default value).</summary>
    public bool IsEmpty => _array is null && _segments is null;

    /// <summary>The bytes, when they are in one array: the case that is copied out in a single write.</summary>
    public bool TryGetSingle(out ReadOnlyMemory<byte> bytes)
    {
        bytes = _array is null ? default : _array.AsMemory(0, (int)Length);
        return _array is not null;
    }

    /// <summary>Copies <paramref name="destination"/>.Length bytes, starting at <paramref name="offset"/>.</summary>
    public void CopyTo(long offset, Span<byte> destination)
    {
        if (_array is not null)
        {
            _array.AsSpan((int)offset, destination.Length).CopyTo(destination);
            return;
        }

        foreach (var segment in _segments!)
        {
            if (destination.IsEmpty)
            {
                return;
            }

            if (offset >= segment.Count)
            {
                offset -= segment.Count;
                continue;
            }

            var part = segment.AsSpan((int)offset, Math.Min(segment.Count - (int)offset, destination.Length));
            part.CopyTo(destination);
            destination = destination[part.Length..];
            offset = 0;
        }
    }

    public void WriteTo(Stream stream)
    {
        if (_array is not null)
        {
            stream.Write(_array, 0, (int)Length);
            return;
        }

        foreach (var segment in _segments!)
        {
            stream.Write(segment.Array!, segment.Offset, segment.Count);
        }
    }

    public ValueTask WriteToAsync(Stream stream, CancellationToken cancellationToken) =>
        _array is not null ? stream.WriteAsync(_array.AsMemory(0, (int)Length), cancellationToken) : WriteSegmentsAsync(stream, cancellationToken);

    /// <summary>Gives every array back to <see cref="WriteBufferPool"/>; call once, when nothing can read them any more.</summary>
    public void Return()
    {
        if (_array is not null)
        {
            WriteBufferPool.Return(_array);
            return;
        }

        foreach (var segment in _segments ?? [])
        {
            WriteBufferPool.Return(segment.Array!);
        }
    }

    private async ValueTask WriteSegmentsAsync(Stream stream, CancellationToken cancellationToken)
    {
        foreach (var segment in _segments!)
        {
            await stream.WriteAsync(segment.AsMemory(), cancellationToken).ConfigureAwait(false);
        }
    }
}
