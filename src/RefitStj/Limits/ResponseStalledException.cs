using System.Net;

namespace RefitStj;

/// <summary>
/// A read of a response body waited longer than <see cref="ResponseSizeLimitHandler.StallTimeout"/> for its next bytes:
/// the response was abandoned. <see cref="HttpClient.Timeout"/> cannot end such a read through Refit, which reads
/// with <see cref="HttpCompletionOption.ResponseHeadersRead"/>: that timeout stops at the headers.
/// </summary>
/// <remarks>
/// An <see cref="HttpRequestException"/> with <see cref="HttpRequestError.Unknown"/> (the server ended nothing; the inner
/// <see cref="TimeoutException"/>, as with <see cref="HttpClient.Timeout"/>, tells a stall apart). It is raised while the
/// body is read, after <c>SendAsync</c> returned, so a retry in a handler never sees it; <see cref="HttpContent"/> does
/// not wrap it while it buffers, so through Refit it is the <c>ApiException</c>'s inner exception itself.
/// </remarks>
public sealed class ResponseStalledException : HttpRequestException
{
    /// <summary>Creates the exception with a default message.</summary>
    public ResponseStalledException()
        : base(HttpRequestError.Unknown, "The response body delivered nothing for longer than the stall limit.")
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/>.</summary>
    /// <param name="message">The message.</param>
    public ResponseStalledException(string message)
        : base(HttpRequestError.Unknown, message)
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/> and the exception that caused it.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public ResponseStalledException(string message, Exception innerException)
        : base(HttpRequestError.Unknown, message, innerException)
    {
    }

    private ResponseStalledException(TimeSpan stallTimeout, long bytesRead, HttpStatusCode statusCode)
        : base(
            HttpRequestError.Unknown,
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
