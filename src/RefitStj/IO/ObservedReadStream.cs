namespace RefitStj.IO;

/// <summary>
/// A read-only view of a body stream: what every counting or timing view shares. Each read may be handed less room than
/// it was given (<see cref="Room"/>), is bracketed by <see cref="Starting"/> and <see cref="Ended"/> (which may swap its
/// token), shows the bytes it brought to <see cref="Observe"/> (which may end the read by throwing), and tells
/// <see cref="Failed"/> of any exception the inner stream throws (which may put another in its place).
/// </summary>
internal abstract class ObservedReadStream(Stream inner) : ReadOnlyStream
{
    /// <summary>The stream this one reads from.</summary>
    protected Stream Inner => inner;

    public override int Read(Span<byte> buffer)
    {
        buffer = buffer[..Room(buffer.Length)];
        int read;
        Starting(CancellationToken.None);
        try
        {
            read = inner.Read(buffer);
        }
        catch (Exception ex)
        {
            if (Failed(ex, CancellationToken.None) is { } instead)
            {
                throw instead;
            }

            throw;
        }
        finally
        {
            Ended();
        }

        Observe(buffer[..read], buffer.Length);
        return read;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        buffer = buffer[..Room(buffer.Length)];
        int read;
        var token = Starting(cancellationToken);
        try
        {
            read = await inner.ReadAsync(buffer, token).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            if (Failed(ex, cancellationToken) is { } instead)
            {
                throw instead;
            }

            throw;
        }
        finally
        {
            Ended();
        }

        Observe(buffer.Span[..read], buffer.Length);
        return read;
    }

    /// <summary>How much of <paramref name="length"/> bytes of room the next read may fill.</summary>
    protected virtual int Room(int length) => length;

    /// <summary>A read is about to wait on the inner stream; returns the token it waits with.</summary>
    protected virtual CancellationToken Starting(CancellationToken cancellationToken) => cancellationToken;

    /// <summary>The read's wait is over, whether it brought bytes or failed.</summary>
    protected virtual void Ended()
    {
    }

    /// <summary>Sees the bytes one read brought, before the reader does; <paramref name="asked"/> is the room it had (none read with room is the end).</summary>
    protected abstract void Observe(ReadOnlySpan<byte> read, int asked);

    /// <summary>Sees an exception the inner stream threw; returns one to throw in its place, or null to let it go on.</summary>
    /// <param name="exception">What the inner stream threw.</param>
    /// <param name="cancellationToken">The caller's token (not the one <see cref="Starting"/> returned).</param>
    protected virtual Exception? Failed(Exception exception, CancellationToken cancellationToken) => null;
}
