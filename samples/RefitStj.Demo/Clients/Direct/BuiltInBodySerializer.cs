using System.Net.Http.Json;
using System.Runtime.CompilerServices;
using System.Text.Json;

namespace RefitStj.Demo.Clients.Direct;

/// <summary>
/// Refit's built-in SystemTextJsonContentSerializer, done by hand as Refit does it: System.Net.Http.Json
/// (<see cref="JsonContent"/> to write, <c>ReadFromJsonAsync</c> to read) with Refit's default options.
/// </summary>
internal sealed class BuiltInBodySerializer(JsonSerializerOptions options) : IBodySerializer
{
    public HttpContent ToHttpContent<T>(T item) => JsonContent.Create(item, options: options);

    public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken) =>
        content.ReadFromJsonAsync<T>(options, cancellationToken);

    public async IAsyncEnumerable<T?> FromHttpContentAsAsyncEnumerable<T>(HttpContent content, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // JSON Lines are whitespace-separated top-level values; anything else is read as one JSON array.
        var jsonLines = content.Headers.ContentType?.MediaType is "application/x-ndjson" or "application/jsonl" or "application/x-jsonlines";
        var stream = await content.ReadAsStreamAsync(cancellationToken);
        await foreach (var item in JsonSerializer.DeserializeAsyncEnumerable<T>(stream, jsonLines, options, cancellationToken))
        {
            yield return item;
        }
    }
}
