using System.Net;
using RefitStj.LimitHandler;

namespace RefitStj.Tests.Support;

/// <summary>A <see cref="LimitHandlerContent"/> over one content, as the handler wraps a response's.</summary>
internal static class LimitedContent
{
    /// <summary>
    /// <paramref name="inner"/> limited to <paramref name="limit"/> bytes, its Content-Length (if any) taken as its
    /// framing, checked at the end only where <paramref name="checkEnd"/> says, with a stall limit when one is given.
    /// </summary>
    public static LimitHandlerContent Over(
        HttpContent inner, long limit, HttpStatusCode statusCode = HttpStatusCode.OK, bool checkEnd = false, TimeSpan? stall = null, TimeProvider? clock = null)
    {
        var declared = inner.Headers.NonValidated.Contains("Content-Length") ? inner.Headers.ContentLength : null;
        return new(
            inner, limit, statusCode, new BodyFraming(declared, declared, checkEnd && declared is not null),
            stall ?? Timeout.InfiniteTimeSpan, clock ?? TimeProvider.System);
    }
}
