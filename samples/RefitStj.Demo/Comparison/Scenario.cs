using RefitStj.Demo.Clients;

namespace RefitStj.Demo.Comparison;

/// <summary>One call to measure; <see cref="CallAsync"/> returns <see langword="false"/> when the answer is wrong.</summary>
internal sealed record Scenario(string Name, Func<IGitHubClient, CancellationToken, Task<bool>> CallAsync);
