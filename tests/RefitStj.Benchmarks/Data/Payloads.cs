using System.Collections.Concurrent;
using System.Reflection;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Data;

/// <summary>One payload: the object and its JSON as the shared default options write it.</summary>
/// <typeparam name="T">The payload type.</typeparam>
public sealed class Payload<T>
{
    internal Payload(T value, byte[] json)
    {
        Value = value;
        Json = json;
    }

    public T Value { get; }

    /// <summary>UTF-8 JSON of <see cref="Value"/>, written by the floor (System.Text.Json with <see cref="Shared.Options"/>).</summary>
    public byte[] Json { get; }
}

/// <summary>Every payload type, generated once per process.</summary>
public static class Payloads
{
    /// <summary>The payload types, in size order: the type arguments of the generic benchmark classes.</summary>
    public static IReadOnlyList<Type> Types { get; } =
    [
        typeof(LoginViewModel),
        typeof(Location),
        typeof(Organization),
        typeof(IndexViewModel),
        typeof(CollectionsOfPrimitives),
        typeof(MyEventsListerViewModel),
        typeof(List<Repository>),
    ];

    private static readonly ConcurrentDictionary<Type, object> s_cache = new();

    public static Payload<T> Get<T>() => (Payload<T>)s_cache.GetOrAdd(typeof(T), static _ =>
    {
        var value = (T)DataGenerator.Create(typeof(T));
        return new Payload<T>(value, Shared.SerializeToUtf8Bytes(value));
    });

    /// <summary>The JSON size of the payload of type <paramref name="type"/>, in bytes.</summary>
    public static int JsonSize(Type type) =>
        (int)typeof(Payloads).GetMethod(nameof(JsonSizeOf), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(type)
            .Invoke(null, null)!;

    private static int JsonSizeOf<T>() => Get<T>().Json.Length;
}
