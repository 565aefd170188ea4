using System.Net.Http.Headers;

namespace RefitStj.Errors;

/// <summary>
/// The one place that words a failed read: what was read (the body, an element, a line, an event), as which type, where
/// (JSON path, line and byte), the offending token (shortened, so a body never floods a log), and a media type that is
/// not JSON. Built from the exception's position properties, never from its English text, and only once a read failed:
/// the re-scan that finds the token costs nothing on the success path.
/// </summary>
internal static class ReadErrors
{
    /// <summary>What a whole-body read calls the body.</summary>
    public const string Body = "The response body";

    // Where a RefitStj converter's own reason travels: System.Text.Json adds the path to the exception, not to this.
    private const string ReasonKey = "RefitStj.Reason";

    /// <summary>A converter's failure whose <paramref name="reason"/> (never quoting the value) the read's message repeats.</summary>
    public static JsonException Reason(string reason)
    {
        var ex = new JsonException(reason);
        ex.Data[ReasonKey] = reason;
        return ex;
    }

    /// <summary>
    /// The failure of reading <paramref name="subject"/> as <paramref name="typeInfo"/>'s type, kept a
    /// <see cref="JsonException"/> with the same line and byte and <paramref name="ex"/> inside.
    /// </summary>
    /// <param name="ex">System.Text.Json's failure.</param>
    /// <param name="typeInfo">The type read.</param>
    /// <param name="subject">What was read, e.g. <see cref="Body"/> or "Line 3 of the JSON Lines body".</param>
    /// <param name="utf8">The bytes read, as System.Text.Json saw them; empty when the body was read as a stream.</param>
    /// <param name="headers">The content's headers, for its media type; <see langword="null"/> when that is not the server's.</param>
    /// <param name="path">The path to report, when it differs from <paramref name="ex"/>'s (an element of a streamed array).</param>
    /// <param name="pathInType">The failing path from <paramref name="typeInfo"/>'s root, when it differs from <paramref name="path"/>.</param>
    /// <param name="firstLine">The line number of <paramref name="utf8"/>'s first line in what <paramref name="subject"/> names.</param>
    public static JsonException Describe(
        JsonException ex,
        JsonTypeInfo typeInfo,
        string subject,
        ReadOnlySpan<byte> utf8,
        HttpContentHeaders? headers,
        string? path = null,
        string? pathInType = null,
        long firstLine = 1)
    {
        path ??= ex.Path ?? "$";
        var spot = ReadSpot.Find(ex, utf8, typeInfo.Options);
        var line = firstLine + (ex.LineNumber ?? 0);
        var where = $"line {line}, byte {(spot?.ByteInLine ?? ex.BytePositionInLine ?? 0) + 1}";
        var root = TypeNames.Of(typeInfo.Type);
        var mediaType = NonJsonMediaType(headers);

        // A reader error (the serializer wraps it in its own): the bytes are not JSON, nest past the depth allowed, or end
        // before the value does. A body cut short is named as such first, whatever its media type says.
        string message;
        var note = mediaType is null ? "" : $" Its media type is {mediaType}.";
        if (ex.InnerException is JsonException && spot is { TooDeepFor: 0, Excerpt: null })
        {
            message = $"{subject} ends before its JSON value is complete, so it cannot be read as {root}: it ends at {where}, in {path}.{note}";
        }
        else if (ex.InnerException is JsonException)
        {
            var what = spot?.TooDeepFor is > 0 and var depth
                ? $"nests deeper than the maximum depth of {depth} (JsonSerializerOptions.MaxDepth)"
                : mediaType is null ? "is not valid JSON" : $"is {mediaType}, not JSON";
            var detail = spot switch
            {
                { TooDeepFor: > 0 } => $"the next level opens at {where}, in {path}",
                { Excerpt: { } excerpt } => $"it has '{excerpt}' at {where}{(path == "$" ? "" : $", in {path}")}",
                _ => $"the error is at {where}, in {path}",
            };
            message = $"{subject} {what}, so it cannot be read as {root}: {detail}.";
        }
        else
        {
            var leaf = LeafType(typeInfo, pathInType ?? path) is { } type ? TypeNames.Of(type) : "the type expected there";
            var value = spot?.Excerpt is { } excerpt ? $"the value {excerpt}" : "the value";
            var reason = ex.Data[ReasonKey] is string why ? $": {why}" : ".";
            message = $"{subject} does not match {root}: {value} at {path} ({where}) cannot be read as {leaf}{reason}{note}";
        }

        return new JsonException(message, path, ex.LineNumber + firstLine - 1, ex.BytePositionInLine, ex);
    }

    // Metadata a resolver cannot give is no reason to lose the message: the type is then left unnamed.
    private static Type? LeafType(JsonTypeInfo typeInfo, string path)
    {
        try
        {
            return JsonPaths.TypeAt(typeInfo, path);
        }
        catch (Exception ex) when (ex is NotSupportedException or InvalidOperationException or ArgumentException)
        {
            return null;
        }
    }

    /// <summary>
    /// A body with no JSON value (empty, or only whitespace) that reached the serializer: an error, as with Refit's own
    /// serializer, since a compressed stream cut short can decode to nothing without an error and only this tells.
    /// </summary>
    public static JsonException NoValue(Type type, long length) =>
        new($"{Body} {(length == 0 ? "is empty" : "is only whitespace")}, so it cannot be read as {TypeNames.Of(type)}: it holds no JSON value. " +
            "(Refit returns default itself for a 204 or a Content-Length of 0; an empty body otherwise may be a compressed stream that was cut short.)",
            "$", 0, 0);

    /// <summary>A body in a fixed-width encoding that ends part way through a character: a cut transfer.</summary>
    public static JsonException CutCharacter(JsonException ex, JsonTypeInfo typeInfo, string encodingName, long length, int unit) =>
        new($"{Body} ends part way through a character: it is {length} bytes of {encodingName}, not a whole number of {unit}-byte characters, " +
            $"so it cannot be read as {TypeNames.Of(typeInfo.Type)}.", ex.Path ?? "$", ex.LineNumber, ex.BytePositionInLine, ex);

    /// <summary>A body that goes on after a complete JSON value, read in place from its first <paramref name="valueLength"/> bytes.</summary>
    public static JsonException AfterValue(Type type, long valueLength) =>
        new($"{Body} is not valid JSON, so it cannot be read as {TypeNames.Of(type)}: more than whitespace follows the JSON value that ends at byte {valueLength}.");

    /// <summary>
    /// The media type when the server sent one that is not JSON (text/html, text/plain, application/xml...), else
    /// <see langword="null"/>: as HttpClient parses the header, or, where it does not parse (folded, a stray quote), the
    /// raw value's leading token.
    /// </summary>
    internal static string? NonJsonMediaType(HttpContentHeaders? headers)
    {
        string? first = null;
        if (headers is not null && headers.NonValidated.TryGetValues("Content-Type", out var values))
        {
            foreach (var value in values)
            {
                first = value;
                break;
            }
        }

        if (first is null)
        {
            return null;
        }

        var mediaType = headers!.ContentType?.MediaType is { } parsed ? parsed.AsSpan() : LeadingToken(first);
        var isJson = mediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("text/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.EndsWith("+json", StringComparison.OrdinalIgnoreCase);
        return isJson || mediaType.IsEmpty ? null : Excerpts.Shorten(mediaType);
    }

    // The media type's own characters: up to a parameter, a second value, a comment or whitespace.
    private static ReadOnlySpan<char> LeadingToken(string contentType)
    {
        var value = contentType.AsSpan().TrimStart();
        return value[..(value.IndexOfAny(";,( \t") is var end and >= 0 ? end : value.Length)];
    }
}
