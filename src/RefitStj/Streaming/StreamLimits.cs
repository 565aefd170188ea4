using RefitStj.LimitHandler;
using RefitStj.Limits;

namespace RefitStj.Streaming;

/// <summary>The limits a streamed read applies: to the whole stream (the serializer's body limit) and to each item.</summary>
internal static class StreamLimits
{
    /// <summary>
    /// Wraps <paramref name="stream"/> in the serializer's body limit, if any, and returns the item limit. A stream from
    /// <see cref="ResponseSizeLimitHandler"/> is read item by item when there is an item limit: its limit, meant for
    /// bodies held whole, then bounds each item instead, so memory stays bounded while a long stream is not cut.
    /// </summary>
    /// <param name="stream">The body; replaced by its limited view when <paramref name="maxBody"/> is set.</param>
    /// <param name="maxBody">The serializer's <c>MaxResponseBodySize</c>.</param>
    /// <param name="maxItem">The serializer's <c>MaxStreamItemSize</c>; without one, the handler's limit stays on the whole body.</param>
    /// <returns>The most bytes one item may take, or <see cref="long.MaxValue"/>.</returns>
    public static long Apply(ref Stream stream, long? maxBody, long? maxItem)
    {
        var itemLimit = maxItem ?? long.MaxValue;
        if (maxItem is not null && stream is LimitHandlerReadStream handled)
        {
            itemLimit = Math.Min(itemLimit, handled.ReadByItems());
        }

        if (maxBody is { } limit)
        {
            stream = new BodySizeLimitStream(stream, limit);
        }

        return itemLimit;
    }
}
