namespace RefitStj.BodyMemory;

/// <summary>One element of a request body's list: a repository listing's shape, about 330 bytes of JSON. A List (not an interface) so that
/// serializing it allocates no enumerator per item: what a write allocates is then the serializer's own.</summary>
internal sealed record Item(
    long Id,
    string Name,
    string FullName,
    string Description,
    string HtmlUrl,
    int Stars,
    bool Fork,
    DateTimeOffset UpdatedAt,
    List<string> Topics);
