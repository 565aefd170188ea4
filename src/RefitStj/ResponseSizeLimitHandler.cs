using RefitStj.LimitHandler;

namespace RefitStj;

/// <summary>
/// A <see cref="DelegatingHandler"/> that refuses any response body larger than <see cref="MaxResponseBodySize"/> bytes
/// (and, with <see cref="StallTimeout"/>, any read of one that waits too long for bytes),
/// whoever reads it: Refit, which buffers every <c>Task&lt;T&gt;</c> and <c>ApiResponse&lt;T&gt;</c> response whole
/// before its serializer sees it, a serializer, or a stream. A body whose Content-Length is larger fails before a byte
/// of it is read; any other (chunked, or decompressed when the handler below decompresses) fails as soon as the bytes
/// read pass the limit, so no reader ever holds more than the limit. The failure is a
/// <see cref="ResponseTooLargeException"/> (through Refit, the <c>ApiException</c>'s inner exception), and the response
/// is disposed unread, which ends it on the wire. Below the limit nothing changes: bodies stream as they arrive, and
/// a buffered body is read in place. An <c>IAsyncEnumerable&lt;T&gt;</c> response that <see cref="StjContentSerializer"/>
/// reads item by item is limited per item instead, to the smaller of this limit and
/// <see cref="StjContentSerializer.MaxStreamItemSize"/>: a long stream is not cut, and memory stays bounded by one item.
/// It is also where a Content-Length is known to be the body's framing (not chunked, not HEAD, a status with a body, no
/// Content-Encoding left on the content): only such a length fails a body early, and where the transport does not check
/// it (HTTP/2 and later, in the content the transport created), a body that ends short of it ends with an <see cref="HttpIOException"/>
/// (<see cref="HttpRequestError.ResponseEnded"/>), for buffered reads and streams read item by item alike.
/// </summary>
/// <remarks>
/// This is the limit that bounds memory through Refit: <see cref="HttpClient.MaxResponseContentBufferSize"/> applies
/// only when HttpClient buffers (Refit sends with <see cref="HttpCompletionOption.ResponseHeadersRead"/>), and a
/// serializer's limit comes after Refit has buffered. With this handler in place, leave
/// <see cref="StjContentSerializer.MaxResponseBodySize"/> unset: both apply, and one limit is enough.
/// </remarks>
public sealed class ResponseSizeLimitHandler : DelegatingHandler
{
    private readonly TimeSpan _stallTimeout = Timeout.InfiniteTimeSpan;
    private readonly TimeProvider _timeProvider = TimeProvider.System;

    /// <summary>Creates the handler; set <see cref="DelegatingHandler.InnerHandler"/>, or let HttpClientFactory do it.</summary>
    /// <param name="maxResponseBodySize">The most bytes of a response body to let through.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxResponseBodySize"/> is zero or negative.</exception>
    public ResponseSizeLimitHandler(long maxResponseBodySize)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxResponseBodySize);
        MaxResponseBodySize = maxResponseBodySize;
    }

    /// <summary>Creates the handler over <paramref name="innerHandler"/>.</summary>
    /// <param name="maxResponseBodySize">The most bytes of a response body to let through.</param>
    /// <param name="innerHandler">The handler that sends the requests, e.g. a <see cref="SocketsHttpHandler"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxResponseBodySize"/> is zero or negative.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="innerHandler"/> is <see langword="null"/>.</exception>
    public ResponseSizeLimitHandler(long maxResponseBodySize, HttpMessageHandler innerHandler)
        : base(innerHandler)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(maxResponseBodySize);
        MaxResponseBodySize = maxResponseBodySize;
    }

    /// <summary>The most bytes of a response body this handler lets through, after any decompression below it.</summary>
    public long MaxResponseBodySize { get; }

    /// <summary>
    /// The longest one read of a response body may wait for its next bytes; <see cref="Timeout.InfiniteTimeSpan"/> (the
    /// default) for no limit. A read that waits longer ends the response with a <see cref="ResponseStalledException"/>;
    /// a slow body or stream that keeps delivering is never cut, and time a caller spends between reads does not count.
    /// <see cref="HttpClient.Timeout"/> does not bound a body through Refit (it stops at the headers).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is zero, negative (other than infinite), or over <see cref="int.MaxValue"/> milliseconds.</exception>
    public TimeSpan StallTimeout
    {
        get => _stallTimeout;
        init
        {
            if (value != Timeout.InfiniteTimeSpan)
            {
                ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(value, TimeSpan.Zero);
                ArgumentOutOfRangeException.ThrowIfGreaterThan(value, TimeSpan.FromMilliseconds(int.MaxValue));
            }

            _stallTimeout = value;
        }
    }

    /// <summary>
    /// The clock of <see cref="StallTimeout"/>: its timers time each read of a body. <see cref="TimeProvider.System"/> by
    /// default; set another for tests, or in an app that runs on a fake clock.
    /// </summary>
    /// <exception cref="ArgumentNullException">The value is <see langword="null"/>.</exception>
    public TimeProvider TimeProvider
    {
        get => _timeProvider;
        init
        {
            ArgumentNullException.ThrowIfNull(value);
            _timeProvider = value;
        }
    }

    /// <inheritdoc/>
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        return Limit(request, response);
    }

    /// <inheritdoc/>
    protected override HttpResponseMessage Send(HttpRequestMessage request, CancellationToken cancellationToken) =>
        Limit(request, base.Send(request, cancellationToken));

    private HttpResponseMessage Limit(HttpRequestMessage request, HttpResponseMessage response)
    {
        response.Content = new LimitHandlerContent(
            response.Content, MaxResponseBodySize, response.StatusCode, BodyFraming.Of(response, request), _stallTimeout, _timeProvider);
        return response;
    }
}
