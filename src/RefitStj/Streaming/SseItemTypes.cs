using System.Net.ServerSentEvents;
using System.Text;
using System.Text.Json;
using Refit;

namespace RefitStj.Streaming;

/// <summary>
/// Reading streamed <c>SseItem&lt;T&gt;</c> items. Refit asks the serializer for <c>SseItem&lt;T&gt;</c> as a whole, so the
/// reader of <c>T</c> comes from a <see cref="SseItemConverter{T}"/> in the options (typed, nothing closed at run time),
/// or under reflection-based options from <see cref="DynamicSseItemReaders"/>.
/// </summary>
internal static class SseItemTypes
{
    public static bool IsSseItem(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(SseItem<>);

    /// <summary>The reader the options list, else the one <paramref name="dynamicReaders"/> builds, else an exception naming the fix.</summary>
    /// <exception cref="NotSupportedException">No reader, or a response that is not server-sent events.</exception>
    public static ISseItemReader<TItem> ReaderFor<TItem>(JsonSerializerOptions options, DynamicSseItemReaders? dynamicReaders, StreamingContentFormat format)
    {
        if (format != StreamingContentFormat.ServerSentEvents)
        {
            throw new NotSupportedException(
                $"{Name(typeof(TItem))} is read only from server-sent events (text/event-stream), but this response is {FormatName(format)}: " +
                $"declare the method with IAsyncEnumerable<{Name(typeof(TItem).GetGenericArguments()[0])}>.");
        }

        foreach (var converter in options.Converters)
        {
            if (converter is ISseItemReader<TItem> reader)
            {
                return reader;
            }
        }

        return dynamicReaders?.Create<TItem>() ?? throw new NotSupportedException(MissingConverter(typeof(TItem).GetGenericArguments()[0]));
    }

    public static string MissingConverter(Type dataType)
    {
        var converter = $"SseItemConverter<{Name(dataType)}>";
        return $"Reading SseItem<{Name(dataType)}> needs RefitStj.{converter} in the JSON options' converters. With source generation, add " +
               $"[JsonSourceGenerationOptions(Converters = new[] {{ typeof({converter}) }})] to your JsonSerializerContext " +
               $"(with [JsonSerializable(typeof({Name(dataType)}))]); with your own options, options.Converters.Add(new {converter}()).";
    }

    public static string MissingData(Type dataType, JsonSerializerOptions options) =>
        $"The JSON options have no metadata for {dataType}, the data of SseItem<{Name(dataType)}>: their TypeInfoResolver " +
        $"({options.TypeInfoResolver?.GetType().Name}) does not know it. With source generation, add " +
        $"[JsonSerializable(typeof({Name(dataType)}))] to your JsonSerializerContext, or chain a resolver that knows it with JsonTypeInfoResolver.Combine.";

    private static string FormatName(StreamingContentFormat format) => format switch
    {
        StreamingContentFormat.JsonLines => "JSON Lines (application/jsonl, application/x-ndjson or application/x-jsonlines)",
        _ => "a JSON array (any media type but text/event-stream and the JSON Lines ones)",
    };

    /// <summary>A type's name as C# writes it, generic arguments included (<c>List&lt;Chunk&gt;</c>, not <c>List`1</c>).</summary>
    internal static string Name(Type type)
    {
        if (!type.IsGenericType)
        {
            return type.Name;
        }

        var name = new StringBuilder(type.Name, 0, type.Name.IndexOf('`', StringComparison.Ordinal) is var tick and >= 0 ? tick : type.Name.Length, 64).Append('<');
        var arguments = type.GetGenericArguments();
        for (var i = 0; i < arguments.Length; i++)
        {
            name.Append(i == 0 ? "" : ", ").Append(Name(arguments[i]));
        }

        return name.Append('>').ToString();
    }
}
