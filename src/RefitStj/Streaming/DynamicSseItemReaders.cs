using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using RefitStj.Errors;

namespace RefitStj.Streaming;

/// <summary>
/// For reflection-based options only: builds the <see cref="SseItemConverter{T}"/> an <c>SseItem&lt;T&gt;</c> needs when the
/// options list none, closing the generic at run time as System.Text.Json's reflection resolver does for every type.
/// </summary>
internal sealed class DynamicSseItemReaders
{
    private readonly ConcurrentDictionary<Type, object> _byItemType = new();

    [RequiresDynamicCode(Messages.ReflectionOptions)]
    public DynamicSseItemReaders()
    {
    }

    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "The constructor carries RequiresDynamicCode, so only callers that accepted it get here.")]
    [UnconditionalSuppressMessage("Trimming", "IL2055", Justification = "SseItemConverter<T> has no requirement on T, and its constructor is kept by DynamicDependency.")]
    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "SseItemConverter<T>'s public constructor is kept by DynamicDependency.")]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor, typeof(SseItemConverter<>))]
    public ISseItemReader<TItem> Create<TItem>() =>
        (ISseItemReader<TItem>)_byItemType.GetOrAdd(
            typeof(TItem),
            static itemType => Activator.CreateInstance(typeof(SseItemConverter<>).MakeGenericType(itemType.GetGenericArguments()[0]))!);
}
