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

/// <summary>Repository listings of about a given number of megabytes, generated once per process and size.</summary>
public static class LargePayloads
{
    private static readonly Dictionary<int, Payload<List<Repository>>> s_bySize = [];

    public static Payload<List<Repository>> Get(int megabytes)
    {
        lock (s_bySize)
        {
            if (!s_bySize.TryGetValue(megabytes, out var payload))
            {
                // ~1,130 bytes a repository: enough of them to reach the size.
                var value = DataGenerator.CreateRepositories((int)(megabytes * 1024L * 1024 / 1_130) + 1);
                using var floor = new FloorSerializer();
                s_bySize[megabytes] = payload = new Payload<List<Repository>>(value, floor.Write(value).ToArray());
            }

            return payload;
        }
    }
}
