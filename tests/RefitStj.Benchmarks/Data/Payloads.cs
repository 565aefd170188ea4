using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Data;

/// <summary>One payload: the object every row writes and its JSON, which every row reads and must write exactly.</summary>
/// <typeparam name="T">The payload type.</typeparam>
public sealed class Payload<T>(T value, byte[] json)
{
    public T Value { get; } = value;

    /// <summary>UTF-8 JSON of <see cref="Value"/> as the floor writes it (Refit's default wire format).</summary>
    public byte[] Json { get; } = json;
}

/// <summary>Every payload, generated once per process from <see cref="DataGenerator"/>'s fixed seeds.</summary>
public static class Payloads
{
    public static Payload<T> Get<T>() => Cache<T>.Value;

    private static class Cache<T>
    {
        public static readonly Payload<T> Value = Create();

        private static Payload<T> Create()
        {
            var value = (T)DataGenerator.Create(typeof(T));
            using var floor = new FloorSerializer();
            return new Payload<T>(value, floor.Write(value).ToArray());
        }
    }
}
