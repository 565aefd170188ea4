using System.Text.Json;

namespace RefitStj.BodyMemory;

/// <summary>A list of about <see cref="Create"/>'s size in JSON, and the exact bytes every serializer must send for it.</summary>
internal sealed class Body
{
    private Body(List<Item> value, byte[] json)
    {
        Value = value;
        Json = json;
    }

    public List<Item> Value { get; }

    public byte[] Json { get; }

    public string Size => Json.Length >= 1024 * 1024 ? $"{Json.Length / (1024.0 * 1024):0.0} MiB" : $"{Json.Length / 1024.0:0} KiB";

    public static Body Create(long bytes)
    {
        var items = new List<Item>();
        var written = 2L;
        // Deterministic and varied (ids, dates, strings of different lengths), so every run writes the same bytes.
        for (var i = 0; written < bytes; i++)
        {
            var item = new Item(
                i,
                $"repository-{i}",
                $"owner-{i % 97}/repository-{i}",
                $"Repository {i}: a library for {(i % 5 == 0 ? "large request bodies" : "JSON")} with {i % 13} contributors.",
                $"https://example.test/owner-{i % 97}/repository-{i}",
                i * 7 % 10_000,
                i % 3 == 0,
                new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.Zero).AddMinutes(i),
                ["json", $"topic-{i % 31}", "http"]);
            items.Add(item);
            written += JsonSerializer.SerializeToUtf8Bytes(item, BodyJsonContext.Default.Item).Length + 1;
        }

        return new Body(items, JsonSerializer.SerializeToUtf8Bytes(items, BodyJsonContext.Default.ListItem));
    }
}
