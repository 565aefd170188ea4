using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using RefitStj.Errors;
using RefitStj.Serialization;
using RefitStj.Streaming;

namespace RefitStj;

/// <content>Refit 16's context entry points (<c>ForContext</c> with its fallback, <c>WithContext</c>) with Refit's semantics, on RefitStj.</content>
public sealed partial class StjContentSerializer
{
    /// <summary>
    /// Creates a serializer over <paramref name="context"/>'s own options, as Refit 16's
    /// <c>SystemTextJsonContentSerializer.ForContext(context, allowReflectionFallback)</c> does: with
    /// <paramref name="allowReflectionFallback"/>, reflection describes the types the context does not; without it, this
    /// is <see cref="StjContentSerializer(JsonSerializerContext)"/>.
    /// </summary>
    /// <param name="context">The source-generated context.</param>
    /// <param name="allowReflectionFallback"><see langword="true"/> to let reflection describe the types the context does not (not trim or AOT safe).</param>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    [RequiresUnreferencedCode(Messages.ReflectionFallback)]
    [RequiresDynamicCode(Messages.ReflectionFallback)]
    public StjContentSerializer(JsonSerializerContext context, bool allowReflectionFallback)
        : this(
            allowReflectionFallback ? WithReflection(context) : new TypeMetadataCache(FreezeResolved(context?.Options!, nameof(context))),
            allowReflectionFallback ? new DynamicSseItemReaders() : null)
    {
    }

    /// <summary>
    /// Creates a serializer with this one's options and limits that also resolves <paramref name="context"/>, as Refit 16's
    /// <c>SystemTextJsonContentSerializer.WithContext</c> does: the naming policy, converters and every other option stay
    /// this serializer's; the resolvers it has stay first, in order, then the context; a reflection-based resolver is
    /// dropped (its contract modifiers move onto the context), so a type no resolver describes throws.
    /// </summary>
    /// <param name="context">The source-generated context that adds metadata.</param>
    /// <returns>A new serializer, or this one when it already resolves <paramref name="context"/> without reflection.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public StjContentSerializer WithContext(JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return ContextOptions.IsRegistered(Options, context, allowReflectionFallback: false)
            ? this
            : With(new TypeMetadataCache(ContextOptions.Compose(Options, context)), _dynamicSseItems);
    }

    /// <summary>
    /// As <see cref="WithContext(JsonSerializerContext)"/>; with <paramref name="allowReflectionFallback"/>, reflection
    /// describes the types no other resolver does, last in the chain, as in Refit 16's <c>WithContext(context, true)</c>.
    /// </summary>
    /// <param name="context">The source-generated context that adds metadata.</param>
    /// <param name="allowReflectionFallback"><see langword="true"/> to let reflection describe the types no other resolver does (not trim or AOT safe).</param>
    /// <returns>A new serializer, or this one when it already resolves <paramref name="context"/> with reflection exactly as asked.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    [RequiresUnreferencedCode(Messages.ReflectionFallback)]
    [RequiresDynamicCode(Messages.ReflectionFallback)]
    public StjContentSerializer WithContext(JsonSerializerContext context, bool allowReflectionFallback)
    {
        ArgumentNullException.ThrowIfNull(context);
        if (!allowReflectionFallback)
        {
            return WithContext(context);
        }

        return ContextOptions.IsRegistered(Options, context, allowReflectionFallback: true)
            ? this
            : With(new TypeMetadataCache(ContextOptions.ComposeWithReflection(Options, context)), _dynamicSseItems ?? new DynamicSseItemReaders());
    }

    [RequiresUnreferencedCode(Messages.ReflectionFallback)]
    [RequiresDynamicCode(Messages.ReflectionFallback)]
    private static TypeMetadataCache WithReflection(JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return new(ContextOptions.ComposeWithReflection(context.Options, context));
    }

    // A copy over other metadata keeps the limits, which belong to the client, not to its types.
    private StjContentSerializer With(TypeMetadataCache metadata, DynamicSseItemReaders? dynamicSseItems) =>
        new(metadata, dynamicSseItems)
        {
            MaxResponseBodySize = _maxResponseBodySize,
            MaxStreamItemSize = _maxStreamItemSize,
        };
}
