using System.Diagnostics.CodeAnalysis;
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
[SuppressMessage("Design", "CA1032", Justification = "Only RefitStj raises it, with the limit it applied: a constructor without one would make an exception that says 0.")]
public sealed class ResponseStalledException : HttpRequestException
{
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

    /// <summary>The stall limit that ended the read.</summary>
    public TimeSpan StallTimeout { get; }

    internal static ResponseStalledException Create(TimeSpan stallTimeout, long bytesRead, HttpStatusCode statusCode) =>
        new(stallTimeout, bytesRead, statusCode);
}
