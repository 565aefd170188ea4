using Refit;

namespace RefitStj.BodyMemory;

/// <summary>The Refit client the POSTs go through (Refit's source generator implements it).</summary>
internal interface IUploadApi
{
    [Post("/upload/{size}")]
    Task<IApiResponse> UploadAsync(long size, [Body] List<Item> items, CancellationToken cancellationToken);

    [Post("/upload/{size}")]
    Task<IApiResponse> UploadBufferedAsync(long size, [Body(buffered: true)] List<Item> items, CancellationToken cancellationToken);
}
