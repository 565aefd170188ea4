namespace RefitStj.Demo.Models;

/// <summary>An issue as the API returns it once created.</summary>
internal sealed class Issue
{
    public long Id { get; init; }

    public int Number { get; init; }

    public string Title { get; init; } = "";

    public string? Body { get; init; }

    public string State { get; init; } = "";

    public IReadOnlyList<string> Labels { get; init; } = [];

    public string HtmlUrl { get; init; } = "";

    public DateTimeOffset CreatedAt { get; init; }
}
