using Refit;

namespace RefitStj.Streaming;

/// <summary>Picks the framing of a streamed body from its media type, with the same rules Refit applies.</summary>
internal static class StreamingFormats
{
    public static StreamingContentFormat FromMediaType(string? mediaType) =>
        mediaType?.ToUpperInvariant() switch
        {
            "TEXT/EVENT-STREAM" => StreamingContentFormat.ServerSentEvents,
            "APPLICATION/JSONL" or "APPLICATION/X-NDJSON" or "APPLICATION/X-JSONLINES" => StreamingContentFormat.JsonLines,
            _ => StreamingContentFormat.JsonArray,
        };
}
