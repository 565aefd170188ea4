namespace RefitStj;

/// <summary>
/// A response body is larger than <see cref="StjContentSerializer.MaxResponseBodySize"/>, or one item of a streamed
/// response is larger than <see cref="StjContentSerializer.MaxStreamItemSize"/>; the message names the limit. Thrown
/// before reading when Content-Length declares it, or as soon as the bytes read pass the limit.
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

    private ResponseTooLargeException(string message, long limit, long size)
        : base(message)
    {
        Limit = limit;
        Size = size;
    }

    /// <summary>The limit, in bytes.</summary>
    public long Limit { get; }

    /// <summary>The size declared by Content-Length, or the bytes (of the body, or of the item) read when reading stopped.</summary>
    public long Size { get; }

    internal static ResponseTooLargeException Declared(long limit, long size) =>
        new($"The response body is {size} bytes by its Content-Length, over the limit of {limit} bytes (MaxResponseBodySize); nothing was read.", limit, size);

    internal static ResponseTooLargeException Counted(long limit, long size) =>
        new($"The response body passed the limit of {limit} bytes (MaxResponseBodySize); reading stopped after {size} bytes.", limit, size);

    /// <summary>One item of a streamed response passed <see cref="StjContentSerializer.MaxStreamItemSize"/>.</summary>
    /// <param name="limit">The limit.</param>
    /// <param name="size">The bytes of the item read so far.</param>
    /// <param name="item">What the item is, e.g. "A line of the JSON Lines body".</param>
    internal static ResponseTooLargeException ItemTooLarge(long limit, long size, string item) =>
        new($"{item} passed the limit of {limit} bytes for one streamed item (MaxStreamItemSize); reading stopped after {size} bytes of it. " +
            "Raise StjContentSerializer.MaxStreamItemSize, or set it to null, if items this large are expected.", limit, size);
}
