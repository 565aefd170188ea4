using System.Net.Http.Headers;

namespace RefitStj.Http;

/// <summary>The request Content-Type Refit's built-in serializer sends.</summary>
internal static class JsonMediaType
{
    /// <summary>
    /// Sets the Content-Type as a parsed value, as <c>JsonContent</c> does: Refit's default body mode reads
    /// <c>Headers.ContentType</c> to wrap the content, and a raw value would be parsed there, on every request.
    /// </summary>
    public static void AddTo(HttpContent content) => content.Headers.ContentType = new MediaTypeHeaderValue("application/json", "utf-8");
}
