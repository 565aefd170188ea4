using Refit;

namespace RefitStj.BodyMemory;

/// <summary>The Refit client the concurrent POSTs go through (Refit's source generator implements it).</summary>
internal interface IUploadApi
{
    [Post("/upload")]
    Task UploadAsync([Body] List<Item> items, CancellationToken cancellationToken);
}
