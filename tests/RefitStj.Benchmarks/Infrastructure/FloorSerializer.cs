using System.Buffers;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// The least System.Text.Json can do, with Refit's default settings: write through one reused <see cref="Utf8JsonWriter"/>
/// into one reused buffer, read from a span (the converters' fast path), metadata resolved once per type. As a Refit
/// serializer it is the floor of a round trip; its content is valid only until its next write, so one thread only.
/// </summary>
public sealed class FloorSerializer : IHttpContentSerializer, IDisposable
{
    private readonly ArrayBufferWriter<byte> _buffer = new();
    private readonly Utf8JsonWriter _writer;
    private readonly MemoryStream _response = new();

    public FloorSerializer() => _writer = new Utf8JsonWriter(_buffer, new JsonWriterOptions { Encoder = Options.Encoder, SkipValidation = true });

    /// <summary>RefitStj's Refit-compatible defaults (the wire format of Refit's built-in serializer), frozen once.</summary>
    public static JsonSerializerOptions Options { get; } = CreateOptions();

    /// <summary>Serializes <paramref name="value"/> over the previous output.</summary>
    public ReadOnlyMemory<byte> Write<T>(T value)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset();
        JsonSerializer.Serialize(_writer, value, TypeInfo<T>.Value);
        return _buffer.WrittenMemory;
    }

    public static T? Read<T>(ReadOnlySpan<byte> json) => JsonSerializer.Deserialize(json, TypeInfo<T>.Value);

    public HttpContent ToHttpContent<T>(T item)
    {
        var content = new ReadOnlyMemoryContent(Write(item));
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-8");
        return content;
    }

    /// <summary>Copies the body (Refit has buffered it: one write of its buffer) into a reused stream and reads the span.</summary>
    public async Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken = default)
    {
        _response.SetLength(0);
        await content.CopyToAsync(_response, cancellationToken);
        return Read<T>(_response.GetBuffer().AsSpan(0, (int)_response.Length));
    }

    public string? GetFieldNameForProperty(PropertyInfo propertyInfo) => null;

    public void Dispose()
    {
        _writer.Dispose();
        _response.Dispose();
    }

    private static JsonSerializerOptions CreateOptions()
    {
        var options = StjContentSerializer.CreateDefaultOptions();
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }

    private static class TypeInfo<T>
    {
        public static readonly JsonTypeInfo<T> Value = (JsonTypeInfo<T>)Options.GetTypeInfo(typeof(T));
    }
}
