using System.Net;

namespace RefitStj.Writing;

/// <summary>
/// A request body serialized straight onto the request stream when it is sent, through System.Text.Json's own bounded
/// buffer, so no buffer ever holds the whole body. Every copy serializes the value again, exactly once, and is never
/// abandoned half-way (a once-only sequence, a generator or a converter that catches exceptions sees one serialization per
/// send), so the content can be read any number of times, as Refit's own JsonContent can. Its length is unknown in advance,
/// so HTTP/1.1 sends it chunked unless HttpContent buffers it first (Refit's <c>Buffered = true</c>).
/// </summary>
internal sealed class StreamedJsonContent : HttpContent
{
    private readonly object? _value;
    private readonly JsonTypeInfo _typeInfo;

    public StreamedJsonContent(object? value, JsonTypeInfo typeInfo)
    {
        _value = value;
        _typeInfo = typeInfo;
        JsonMediaType.AddTo(this);
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        JsonSerializer.SerializeAsync(stream, _value, _typeInfo, cancellationToken);

    protected override void SerializeToStream(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        JsonSerializer.Serialize(stream, _value, _typeInfo);

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
