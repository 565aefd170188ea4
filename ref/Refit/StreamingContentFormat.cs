namespace Refit;

/// <summary>How a streamed response body frames its items.</summary>
public enum StreamingContentFormat
{
    /// <summary>One JSON array; each element is an item.</summary>
    JsonArray = 0,

    /// <summary>JSON Lines: one JSON value per line.</summary>
    JsonLines = 1,

    /// <summary>Server-sent events: each event's data is one JSON value.</summary>
    ServerSentEvents = 2,
}
