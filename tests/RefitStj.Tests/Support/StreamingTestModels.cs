using Refit;

namespace RefitStj.Tests.Support;

public sealed record Tick(int Id, string? Name);

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
