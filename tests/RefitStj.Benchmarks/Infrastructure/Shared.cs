using System.Buffers;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Newtonsoft.Json;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>Settings every row shares, so rows differ only in the code path they measure.</summary>
public static class Shared
{
    /// <summary>
    /// RefitStj's Refit-compatible defaults, frozen once: the options of the Refit built-in (baseline) and floor rows.
    /// The RefitStj row uses its own shared instance of the same settings (<c>new StjContentSerializer()</c>).
    /// </summary>
    public static JsonSerializerOptions Options { get; } = CreateFrozenOptions();

    /// <summary>What Refit.Newtonsoft.Json uses by default: <c>new JsonSerializerSettings()</c> (PascalCase writes, case-insensitive reads).</summary>
    public static JsonSerializerSettings NewtonsoftSettings { get; } = new();

    public static JsonTypeInfo<T> TypeInfo<T>() => (JsonTypeInfo<T>)Options.GetTypeInfo(typeof(T));

    /// <summary>The writer settings System.Text.Json derives from <see cref="Options"/> for its own writers (release builds skip validation).</summary>
    public static JsonWriterOptions WriterOptions { get; } = new()
    {
        Encoder = Options.Encoder,
        Indented = Options.WriteIndented,
        SkipValidation = true,
    };

    /// <summary>Adds <c>Content-Type: application/json; charset=utf-8</c> as a connection does: raw, parsed only if someone asks for it.</summary>
    public static TContent WithJsonContentType<TContent>(TContent content)
        where TContent : HttpContent
    {
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-8");
        return content;
    }

    /// <summary>A new content over <paramref name="body"/> with that raw Content-Type: a buffered JSON response as a serializer sees it.</summary>
    public static ByteArrayContent JsonContent(byte[] body) => WithJsonContentType(new ByteArrayContent(body));

    /// <summary>A new <c>application/json; charset=utf-8</c> header value, as a server's response says.</summary>
    public static MediaTypeHeaderValue JsonUtf8() => new("application/json") { CharSet = "utf-8" };

    /// <summary>Serializes with the floor's writer settings: the reference bytes every System.Text.Json row must match.</summary>
    public static byte[] SerializeToUtf8Bytes<T>(T value)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer, WriterOptions))
        {
            System.Text.Json.JsonSerializer.Serialize(writer, value, TypeInfo<T>());
        }

        return buffer.WrittenSpan.ToArray();
    }

    private static JsonSerializerOptions CreateFrozenOptions()
    {
        var options = StjContentSerializer.CreateDefaultOptions();
        options.MakeReadOnly(populateMissingResolver: true);
        return options;
    }
}
