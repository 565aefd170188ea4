namespace RefitStj.Demo.Clients.Direct;

/// <summary>RefitStj: every call goes straight to <see cref="StjContentSerializer"/>.</summary>
internal sealed class StjBodySerializer(StjContentSerializer serializer) : IBodySerializer
{
    public HttpContent ToHttpContent<T>(T item) => serializer.ToHttpContent(item);

    public Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken) =>
        serializer.FromHttpContentAsync<T>(content, cancellationToken);

    public IAsyncEnumerable<T?> FromHttpContentAsAsyncEnumerable<T>(HttpContent content, CancellationToken cancellationToken) =>
        serializer.FromHttpContentAsAsyncEnumerable<T>(content, cancellationToken);
}
