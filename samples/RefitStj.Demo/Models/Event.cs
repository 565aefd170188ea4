namespace RefitStj.Demo.Models;

/// <summary>One entry of the activity feed (GET /events, JSON Lines).</summary>
internal sealed class Event
{
    public long Id { get; init; }

    public string Type { get; init; } = "";

    public string Actor { get; init; } = "";

    public string Repo { get; init; } = "";

    public DateTimeOffset CreatedAt { get; init; }
}
