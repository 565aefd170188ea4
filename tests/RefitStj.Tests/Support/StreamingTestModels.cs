using Refit;

namespace RefitStj.Tests.Support;

// README's streaming block shows it (ReadmeTests).
#region snippet: streaming
public sealed record Tick(int Id, string? Name);
#endregion

internal static class TickReading
{
    /// <summary>
    /// Reads every <see cref="Tick"/> of <paramref name="body"/> into <paramref name="items"/> as it arrives, so a test
    /// that expects the read to fail still sees the items yielded before the failure.
    /// </summary>
    public static async Task ReadTicksIntoAsync(this StjContentSerializer serializer, Stream body, StreamingContentFormat format, List<Tick?> items)
    {
        await foreach (var item in serializer.DeserializeStreamAsync<Tick>(body, format))
        {
            items.Add(item);
        }
    }
}
