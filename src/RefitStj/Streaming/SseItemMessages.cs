using Refit;
using RefitStj.Errors;

namespace RefitStj.Streaming;

/// <summary>What reading <c>SseItem&lt;T&gt;</c> says when it cannot: each message names the fix.</summary>
internal static class SseItemMessages
{
    public static string NotServerSentEvents(Type itemType, StreamingContentFormat format) =>
        $"{TypeNames.Of(itemType)} is read only from server-sent events (text/event-stream), but this response is {FormatName(format)}: " +
        $"declare the method with IAsyncEnumerable<{TypeNames.Of(itemType.GetGenericArguments()[0])}>.";

    public static string MissingConverter(Type dataType)
    {
        var data = TypeNames.Of(dataType);
        var converter = $"SseItemConverter<{data}>";
        return $"Reading SseItem<{data}> needs RefitStj.{converter} in the JSON options' converters. With source generation, add " +
               $"[JsonSourceGenerationOptions(Converters = new[] {{ typeof({converter}) }})] to your JsonSerializerContext " +
               $"(with [JsonSerializable(typeof({data}))]); with your own options, options.Converters.Add(new {converter}()).";
    }

    public static string MissingData(Type dataType, JsonSerializerOptions options) =>
        MetadataErrors.NoMetadata(dataType, options, $", the data of SseItem<{TypeNames.Of(dataType)}>");

    private static string FormatName(StreamingContentFormat format) => format switch
    {
        StreamingContentFormat.JsonLines => "JSON Lines (application/jsonl, application/x-ndjson or application/x-jsonlines)",
        _ => "a JSON array (any media type but text/event-stream and the JSON Lines ones)",
    };
}
