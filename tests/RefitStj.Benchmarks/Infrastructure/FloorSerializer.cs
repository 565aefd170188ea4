using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// The least System.Text.Json can do: read from a span (the converters' fast path) and write through a reused
/// <see cref="Utf8JsonWriter"/> into a reused buffer, with the shared options' metadata resolved once.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
public sealed class FloorSerializer<T> : IDisposable
{
    private readonly JsonTypeInfo<T> _typeInfo;
    private readonly ArrayBufferWriter<byte> _buffer = new();
    private readonly Utf8JsonWriter _writer;

    /// <summary>Over <see cref="Shared.Options"/>' reflection metadata.</summary>
    public FloorSerializer()
        : this(Shared.TypeInfo<T>())
    {
    }

    /// <summary>Over the given metadata (a source-generated context's takes System.Text.Json's fast path on writes).</summary>
    public FloorSerializer(JsonTypeInfo<T> typeInfo)
    {
        _typeInfo = typeInfo;
        _writer = new Utf8JsonWriter(_buffer, Shared.WriterOptions);
    }

    /// <summary>What the last <see cref="Write"/> produced.</summary>
    public ReadOnlyMemory<byte> Written => _buffer.WrittenMemory;

    /// <summary>Serializes <paramref name="value"/> over the previous output and returns its length.</summary>
    public int Write(T value)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        JsonSerializer.Serialize(_writer, value, _typeInfo);
        return _buffer.WrittenCount;
    }

    public T? Read(ReadOnlySpan<byte> utf8) => JsonSerializer.Deserialize(utf8, _typeInfo);

    public void Dispose() => _writer.Dispose();
}
