using System.Diagnostics.CodeAnalysis;
using System.Net;

namespace RefitStj;

/// <summary>
/// A response body is larger than a size limit: <see cref="ResponseSizeLimitHandler"/>'s, the serializer's
/// <see cref="StjContentSerializer.MaxResponseBodySize"/>, or, for one item of a streamed response,
/// <see cref="StjContentSerializer.MaxStreamItemSize"/>; the message names which. Thrown before reading when
/// Content-Length declares it, or as soon as the bytes read pass the limit.
/// </summary>
/// <remarks>
/// An <see cref="HttpRequestException"/> with <see cref="HttpRequestError.ConfigurationLimitExceeded"/>, as HttpClient's
/// own buffer limit throws. Unlike an <see cref="IOException"/>, <see cref="HttpContent"/> does not wrap it in another
/// exception while it buffers or copies a body, so through Refit it is the <c>ApiException</c>'s inner exception itself.
/// </remarks>
[SuppressMessage("Design", "CA1032", Justification = "Only RefitStj raises it, with the limit it applied: a constructor without one would make an exception that says 0.")]
public sealed class ResponseTooLargeException : HttpRequestException
{
    // The serializer may see a body Refit has already buffered whole, so it says what it did, not that nothing was read.
    private const string BeforeRefit = " To refuse a response before Refit buffers it, use ResponseSizeLimitHandler.";

    private ResponseTooLargeException(string message, long limit, long size, HttpStatusCode? statusCode = null)
        : base(HttpRequestError.ConfigurationLimitExceeded, message, inner: null, statusCode)
    {
        Limit = limit;
        Size = size;
    }

    /// <summary>The limit, in bytes.</summary>
    public long Limit { get; }

    /// <summary>The size declared by Content-Length, or the bytes (of the body, or of the item) read when reading stopped.</summary>
    public long Size { get; }

    /// <summary>The serializer's <see cref="StjContentSerializer.MaxResponseBodySize"/>, by the bytes it read.</summary>
    internal static ResponseTooLargeException Counted(long limit, long size) =>
        new($"The response body passed the limit of {limit} bytes (MaxResponseBodySize); reading stopped after {size} bytes." + BeforeRefit, limit, size);

    /// <summary><see cref="ResponseSizeLimitHandler"/>'s limit, by Content-Length: the body was never read.</summary>
    internal static ResponseTooLargeException DeclaredToHandler(long limit, long size, HttpStatusCode statusCode) =>
        new($"The response body is {size} bytes by its Content-Length, over the limit of {limit} bytes (ResponseSizeLimitHandler); " +
            "nothing was read and the response was abandoned.", limit, size, statusCode);

    /// <summary><see cref="ResponseSizeLimitHandler"/>'s limit, by the bytes that came through it.</summary>
    internal static ResponseTooLargeException CountedByHandler(long limit, long size, HttpStatusCode statusCode) =>
        new($"The response body passed the limit of {limit} bytes (ResponseSizeLimitHandler); reading stopped after {size} bytes " +
            "and the response was abandoned.", limit, size, statusCode);

    /// <summary>One item of a streamed response passed <see cref="StjContentSerializer.MaxStreamItemSize"/>.</summary>
    /// <param name="limit">The limit.</param>
    /// <param name="size">The bytes of the item read so far.</param>
    /// <param name="item">What the item is, e.g. "A line of the JSON Lines body".</param>
    internal static ResponseTooLargeException ItemTooLarge(long limit, long size, string item) =>
        new($"{item} passed the limit of {limit} bytes for one streamed item (MaxStreamItemSize); reading stopped after {size} bytes of it. " +
            "Raise StjContentSerializer.MaxStreamItemSize, or set it to null, if items this large are expected.", limit, size);
}
