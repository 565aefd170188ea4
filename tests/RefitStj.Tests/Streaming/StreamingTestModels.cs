namespace RefitStj.Tests.Streaming;

public sealed record Tick(int Id, string? Name);
