using Refit;
using RefitStj.Streaming;

namespace RefitStj.Tests.Streaming;

public sealed class StreamingFormatsTests
{
    [Theory]
    [InlineData("text/event-stream", StreamingContentFormat.ServerSentEvents)]
    [InlineData("Text/Event-Stream", StreamingContentFormat.ServerSentEvents)]
    [InlineData("application/jsonl", StreamingContentFormat.JsonLines)]
    [InlineData("application/x-ndjson", StreamingContentFormat.JsonLines)]
    [InlineData("APPLICATION/X-JSONLINES", StreamingContentFormat.JsonLines)]
    [InlineData("application/json", StreamingContentFormat.JsonArray)]
    [InlineData("text/plain", StreamingContentFormat.JsonArray)]
    [InlineData("", StreamingContentFormat.JsonArray)]
    [InlineData(null, StreamingContentFormat.JsonArray)]
    public void The_Media_Type_Picks_The_Framing_In_Any_Case_And_Anything_Else_Is_A_Json_Array(string? mediaType, StreamingContentFormat expected)
    {
        Assert.Equal(expected, StreamingFormats.FromMediaType(mediaType));
    }
}
