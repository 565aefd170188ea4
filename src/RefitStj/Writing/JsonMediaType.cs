namespace RefitStj.Writing;

/// <summary>The request Content-Type Refit's built-in serializer sends.</summary>
internal static class JsonMediaType
{
    public const string Value = "application/json; charset=utf-8";

    /// <summary>
    /// Adds the Content-Type as a raw value: the handler writes it as is, and it is parsed into a
    /// MediaTypeHeaderValue (a new instance per content) only if someone reads <c>Headers.ContentType</c>.
    /// </summary>
    public static void AddTo(HttpContent content) => content.Headers.TryAddWithoutValidation("Content-Type", Value);
}
