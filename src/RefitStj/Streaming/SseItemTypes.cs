using System.Net.ServerSentEvents;
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
            throw new NotSupportedException(SseItemMessages.NotServerSentEvents(typeof(TItem), format));
        }

        foreach (var converter in options.Converters)
        {
            if (converter is ISseItemReader<TItem> reader)
            {
                return reader;
            }
        }

        return dynamicReaders?.Create<TItem>() ?? throw new NotSupportedException(SseItemMessages.MissingConverter(typeof(TItem).GetGenericArguments()[0]));
    }
}
