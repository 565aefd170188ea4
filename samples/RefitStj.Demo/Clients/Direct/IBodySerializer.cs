namespace RefitStj.Demo.Clients.Direct;

/// <summary>What <see cref="DirectGitHubClient"/> asks of a serializer: the calls Refit makes on its content serializer.</summary>
internal interface IBodySerializer
{
    HttpContent ToHttpContent<T>(T item);

    Task<T?> FromHttpContentAsync<T>(HttpContent content, CancellationToken cancellationToken);

    IAsyncEnumerable<T?> FromHttpContentAsAsyncEnumerable<T>(HttpContent content, CancellationToken cancellationToken);
}
