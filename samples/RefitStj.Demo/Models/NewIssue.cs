namespace RefitStj.Demo.Models;

/// <summary>The request body of POST /repos/{owner}/{repo}/issues.</summary>
internal sealed class NewIssue
{
    public string Title { get; init; } = "";

    public string? Body { get; init; }

    public IReadOnlyList<string> Labels { get; init; } = [];
}
