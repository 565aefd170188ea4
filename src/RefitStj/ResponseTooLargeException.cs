namespace RefitStj;

/// <summary>
/// A response body is larger than <see cref="StjContentSerializer.MaxResponseBodySize"/>. Thrown before reading when
/// Content-Length declares it, or as soon as the bytes read pass the limit.
/// </summary>
public sealed class ResponseTooLargeException : IOException
{
    /// <summary>Creates the exception with a default message.</summary>
    public ResponseTooLargeException()
        : base("The response body is larger than the configured limit.")
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/>.</summary>
    /// <param name="message">The message.</param>
    public ResponseTooLargeException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/> and the exception that caused it.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public ResponseTooLargeException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    private ResponseTooLargeException(long limit, long size, bool declared)
        : base(declared
            ? $"The response body is {size} bytes by its Content-Length, over the limit of {limit} bytes (MaxResponseBodySize); nothing was read."
            : $"The response body passed the limit of {limit} bytes (MaxResponseBodySize); reading stopped after {size} bytes.")
    {
        Limit = limit;
        Size = size;
    }

    /// <summary>The limit, in bytes.</summary>
    public long Limit { get; }

    /// <summary>The size declared by Content-Length, or the bytes read when reading stopped.</summary>
    public long Size { get; }

    internal static ResponseTooLargeException Declared(long limit, long size) => new(limit, size, declared: true);

    internal static ResponseTooLargeException Counted(long limit, long size) => new(limit, size, declared: false);
}
