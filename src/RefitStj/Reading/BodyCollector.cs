using System.Net.Http.Headers;
using System.Runtime.ExceptionServices;
using RefitStj.Errors;
using RefitStj.IO;

namespace RefitStj.Reading;

/// <summary>
/// A write-only stream that reads what <see cref="HttpContent.CopyToAsync(Stream, CancellationToken)"/> (or a memory
/// stream's <see cref="Stream.CopyToAsync(Stream)"/>) writes as one <typeparamref name="T"/>. A first write of the
/// body's expected length, as a buffered content's single write of its own buffer is, is deserialized while the write
/// lasts: no copy, nothing rented, whatever its size. The expected length is a hint, never a promise (a decoder may keep
/// the encoded Content-Length): a complete JSON value followed by anything but whitespace is not JSON whatever comes
/// next, so a read in place that succeeds stands, unless the write ends in a digit (a top-level number may go on); a
/// read in place that fails keeps a copy and waits for more, and its error stands only if nothing more comes. A body in
/// pieces is copied into one pooled array, each piece before its write returns: the memory a content lends may be a
/// connection's buffer, reused as soon as the write is done.
/// </summary>
/// <typeparam name="T">The type read.</typeparam>
internal sealed class BodyCollector<T> : WriteOnlyStream
{
    // The first array of a body that arrives in pieces; larger pieces double from here.
    private const int MinGrowthSize = 16 * 1024;

    [ThreadStatic]
    private static BodyCollector<T>? s_cached;

    private JsonTypeInfo<T>? _typeInfo;
    private HttpContentHeaders? _headers;
    private byte[]? _buffer;
    private int _length;
    private long _limit;
    private long _wholeLength;
    private bool _read;
    private T? _value;
    private ExceptionDispatchInfo? _inPlaceFailure;

    /// <summary>The bytes copied so far (none when the body was read in place).</summary>
    public ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _length);

    /// <summary>
    /// A collector for one body, this thread's spare one when it is free. Dispose it once nothing writes to it any more:
    /// that gives its array back to the pool and makes it the spare of the thread that disposes it.
    /// </summary>
    /// <param name="typeInfo">How to read the body.</param>
    /// <param name="limit">The most bytes accepted; a write past it throws <see cref="ResponseTooLargeException"/>.</param>
    /// <param name="wholeLength">The body's expected length (a first write of exactly this many bytes is read in place), else -1.</param>
    /// <param name="headers">The content's headers, read only to name its media type in a failure.</param>
    public static BodyCollector<T> Rent(JsonTypeInfo<T> typeInfo, long limit, long wholeLength, HttpContentHeaders? headers = null)
    {
        // Taken out of the slot while in use: a content may read another body on this thread before it writes to us.
        var collector = s_cached ?? new BodyCollector<T>();
        s_cached = null;
        collector._typeInfo = typeInfo;
        collector._limit = limit;
        collector._wholeLength = wholeLength;
        collector._headers = headers;
        return collector;
    }

    /// <summary>
    /// The value: read in place by the write that carried the whole body, else now from the bytes copied. A read in
    /// place that failed and was followed by nothing fails with its own error.
    /// </summary>
    public T? ReadValue()
    {
        if (_read)
        {
            return _value;
        }

        if (_inPlaceFailure is { } failure && _length == _wholeLength)
        {
            failure.Throw();
        }

        return JsonBody.Deserialize(Written, _typeInfo!, _headers);
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (_read)
        {
            RejectMoreAfterWhole(buffer);
            return;
        }

        var total = _length + (long)buffer.Length;
        if (total > _limit)
        {
            throw ResponseTooLargeException.Counted(_limit, total);
        }

        // Valid only while this write lasts, and likely all there is: read it here rather than copy it.
        if (_length == 0 && buffer.Length == _wholeLength && buffer.Length > 0 && _inPlaceFailure is null && !char.IsAsciiDigit((char)buffer[^1]))
        {
            try
            {
                _value = JsonBody.Deserialize(buffer, _typeInfo!, _headers);
                _read = true;
                return;
            }
            catch (JsonException ex)
            {
                // Perhaps only the start of a longer body: keep the bytes, and the error in case nothing follows.
                _inPlaceFailure = ExceptionDispatchInfo.Capture(ex);
            }
        }

        if (_buffer is null || total > _buffer.Length)
        {
            Grow(total);
        }

        buffer.CopyTo(_buffer.AsSpan(_length));
        _length = (int)total;
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Write(buffer.AsSpan(offset, count));
        return Task.CompletedTask;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return default;
    }

    public override void Flush()
    {
    }

    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    protected override void Dispose(bool disposing)
    {
        if (_buffer is { } buffer)
        {
            _buffer = null;
            BufferPool.Return(buffer);
        }

        _length = 0;
        _read = false;
        _value = default;
        _inPlaceFailure = null;
        _typeInfo = null;
        _headers = null;
        s_cached = this;
        base.Dispose(disposing);
    }

    /// <summary>
    /// The array size for <paramref name="needed"/> bytes: for a body's first write the declared length (or just the
    /// write, if that is more or no length was declared), else at least double.
    /// </summary>
    /// <param name="current">The length of the array in use, or <see langword="null"/> before the first write.</param>
    /// <param name="needed">The bytes the array must hold.</param>
    /// <param name="wholeLength">The body's declared length, or -1.</param>
    /// <exception cref="InvalidOperationException"><paramref name="needed"/> is more than one array can hold.</exception>
    internal static int NextSize(int? current, long needed, long wholeLength)
    {
        if (needed > Array.MaxLength)
        {
            throw new InvalidOperationException($"A response body larger than {Array.MaxLength} bytes, the most one array can hold, cannot be read.");
        }

        return (int)(current is { } length
            ? Math.Max(needed, Math.Min(Math.Max(length * 2L, MinGrowthSize), Array.MaxLength))
            : Math.Clamp(wholeLength, needed, Array.MaxLength));
    }

    // Whitespace after the value changes nothing; anything else makes the body invalid JSON, whatever follows it.
    private void RejectMoreAfterWhole(ReadOnlySpan<byte> more)
    {
        if (more.IndexOfAnyExcept(JsonBody.WhiteSpace) >= 0)
        {
            throw ReadErrors.AfterValue(typeof(T), _wholeLength);
        }
    }

    private void Grow(long needed)
    {
        var larger = BufferPool.Rent(NextSize(_buffer?.Length, needed, _wholeLength));
        if (_buffer is { } old)
        {
            old.AsSpan(0, _length).CopyTo(larger);
            _buffer = null;
            BufferPool.Return(old);
        }

        _buffer = larger;
    }
}
