namespace RefitStj.Demo.Models;

/// <summary>A repository's visibility.</summary>
internal enum RepositoryVisibility
{
    Public,
    Private,
    Internal,
}
