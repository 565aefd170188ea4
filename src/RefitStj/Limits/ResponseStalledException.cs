using System.Net;

namespace RefitStj;

/// <summary>
/// A read of a response body waited longer than <see cref="ResponseSizeLimitHandler.StallTimeout"/> for its next bytes:
/// the response was abandoned. <see cref="HttpClient.Timeout"/> cannot end such a read through Refit, which reads
/// with <see cref="HttpCompletionOption.ResponseHeadersRead"/>: that timeout stops at the headers.
/// </summary>
/// <remarks>
/// An <see cref="HttpRequestException"/> with <see cref="HttpRequestError.ResponseEnded"/>: the body did not arrive
/// whole, as when a server ends it early, so a retry policy treats it as the transient failure it usually is; and
/// <see cref="HttpContent"/> does not wrap it while it buffers, so through Refit it is the <c>ApiException</c>'s inner
/// exception itself. Its inner exception is a <see cref="TimeoutException"/>, as with <see cref="HttpClient.Timeout"/>.
/// </remarks>
public sealed class ResponseStalledException : HttpRequestException
{
    /// <summary>Creates the exception with a default message.</summary>
    public ResponseStalledException()
        : base(HttpRequestError.ResponseEnded, "The response body delivered nothing for longer than the stall limit.")
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/>.</summary>
    /// <param name="message">The message.</param>
    public ResponseStalledException(string message)
        : base(HttpRequestError.ResponseEnded, message)
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/> and the exception that caused it.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public ResponseStalledException(string message, Exception innerException)
        : base(HttpRequestError.ResponseEnded, message, innerException)
    {
    }

    private ResponseStalledException(TimeSpan stallTimeout, long bytesRead, HttpStatusCode statusCode)
        : base(
            HttpRequestError.ResponseEnded,
            $"The response body delivered nothing for {stallTimeout.TotalSeconds:0.###} s (ResponseSizeLimitHandler.StallTimeout) after {bytesRead} bytes; " +
            "the response was abandoned.",
            new TimeoutException($"No bytes of the response body arrived within {stallTimeout.TotalSeconds:0.###} s."),
            statusCode)
    {
        StallTimeout = stallTimeout;
    }

    /// <summary>The stall limit that ended the read (<see cref="TimeSpan.Zero"/> when created by a caller).</summary>
    public TimeSpan StallTimeout { get; }

    internal static ResponseStalledException Create(TimeSpan stallTimeout, long bytesRead, HttpStatusCode statusCode) =>
        new(stallTimeout, bytesRead, statusCode);
}
