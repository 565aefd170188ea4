using System.Net.Http.Headers;

namespace RefitStj.Http;

/// <summary>The request Content-Type Refit's built-in serializer sends.</summary>
internal static class JsonMediaType
{
    public const string MediaType = "application/json";

    public const string CharSet = "utf-8";

    // Each content gets its own instance: header values are mutable and a shared one could be changed by any caller.
    public static MediaTypeHeaderValue Create() => new(MediaType, CharSet);
}
