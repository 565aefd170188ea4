using System.Net;

namespace RefitStj.LimitHandler;

/// <summary>
/// What a response's Content-Length says about its body, decided where the whole response is in view (a serializer sees
/// only the content): the body's framing, or only a header. It frames the body when the response is not chunked (the
/// chunked framing decides, RFC 9112 section 6.3), answers no HEAD request, has a status that carries a body (not 1xx,
/// 204 or 304), and its content carries no Content-Encoding (a handler that decodes and keeps the encoded length keeps
/// the encoding too; <c>AutomaticDecompression</c> removes both). Only a framing length is evidence: more bytes than
/// declared are never an error, and fewer are a cut transfer only where the transport does not check it itself
/// (HTTP/2 and later: SocketsHttpHandler checks HTTP/1.x bodies against their length) and the content is still the
/// transport's own: a handler below that replaces it (a decoder that drops Content-Encoding but keeps the encoded
/// length, a test stub) may serve a good body shorter than the header.
/// </summary>
/// <param name="Declared">The Content-Length header, framing or not; <see langword="null"/> without one.</param>
/// <param name="Framing">The Content-Length when it frames the body, else <see langword="null"/>.</param>
/// <param name="CheckEnd">Whether a body that ends short of <paramref name="Framing"/> must be called cut here.</param>
internal readonly record struct BodyFraming(long? Declared, long? Framing, bool CheckEnd)
{
    /// <summary>The framing of <paramref name="response"/>'s body, answering <paramref name="request"/>.</summary>
    public static BodyFraming Of(HttpResponseMessage response, HttpRequestMessage? request)
    {
        var content = response.Content;
        var declared = DeclaredLength(content);
        var frames = declared is not null
            && response.Headers.TransferEncodingChunked != true
            && request?.Method != HttpMethod.Head
            && HasBody(response.StatusCode)
            && !content.Headers.NonValidated.Contains("Content-Encoding");
        return new(declared, frames ? declared : null, frames && response.Version.Major >= 2 && IsTransportContent(content));
    }

    /// <summary>The name of the content SocketsHttpHandler creates for a response; a test over h2c pins it.</summary>
    internal const string TransportContentName = "System.Net.Http.HttpConnectionResponseContent";

    /// <summary>Whether <paramref name="content"/> is the body as the transport framed it, not a content a handler put in its place.</summary>
    internal static bool IsTransportContent(HttpContent content) =>
        string.Equals(content.GetType().FullName, TransportContentName, StringComparison.Ordinal);

    // Asked of a content without the header, ContentLength would compute a length and store it as a header.
    private static long? DeclaredLength(HttpContent content) =>
        content.Headers.NonValidated.Contains("Content-Length") ? content.Headers.ContentLength : null;

    private static bool HasBody(HttpStatusCode status) =>
        (int)status >= 200 && status is not (HttpStatusCode.NoContent or HttpStatusCode.NotModified);
}
