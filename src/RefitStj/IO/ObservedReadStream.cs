namespace RefitStj.IO;

/// <summary>
/// A read-only view of a body stream that shows every chunk read through it to <see cref="Observe"/>, which may end
/// the read by throwing, that may hand the inner stream less room than it was given (<see cref="Room"/>), and that
/// tells <see cref="Failed"/> of any exception the inner stream throws.
/// </summary>
internal abstract class ObservedReadStream(Stream inner) : ReadOnlyStream
{
    public override int Read(Span<byte> buffer)
    {
        buffer = buffer[..Room(buffer.Length)];
        int read;
        try
        {
            read = inner.Read(buffer);
        }
        catch (Exception ex)
        {
            Failed(ex);
            throw;
        }

        Observe(buffer[..read]);
        return read;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        buffer = buffer[..Room(buffer.Length)];
        int read;
        try
        {
            read = await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            Failed(ex);
            throw;
        }

        Observe(buffer.Span[..read]);
        return read;
    }

    /// <summary>How much of <paramref name="length"/> bytes of room the next read may fill.</summary>
    protected virtual int Room(int length) => length;

    /// <summary>Sees the bytes one read brought, before the reader does.</summary>
    protected abstract void Observe(ReadOnlySpan<byte> read);

    /// <summary>Sees an exception the inner stream threw, before it goes on to the reader.</summary>
    protected virtual void Failed(Exception exception)
    {
    }
}
