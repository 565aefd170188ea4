using System.Text;

namespace RefitStj.Tests.Support;

internal static class Bodies
{
    public static async Task<string> TextOf(HttpContent content)
    {
        using var wire = new MemoryStream();
        await content.CopyToAsync(wire);
        return Encoding.UTF8.GetString(wire.ToArray());
    }

    public static ByteArrayContent Json(string json, string? mediaType = "application/json")
    {
        var content = new ByteArrayContent(Encoding.UTF8.GetBytes(json));
        if (mediaType is not null)
        {
            content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(mediaType);
        }

        return content;
    }

    /// <summary>Content whose body arrives through a non-seekable stream, as an unbuffered response's does.</summary>
    public static StreamContent Streamed(byte[] body, string? contentType = "application/json", int chunk = 7)
    {
        var content = new StreamContent(new TrickleStream(body, chunk));
        if (contentType is not null)
        {
            content.Headers.TryAddWithoutValidation("Content-Type", contentType);
        }

        return content;
    }

    public static Order SampleOrder() => new()
    {
        Id = 7,
        CustomerName = "Ada",
        Status = OrderStatus.InTransit,
        PreviousStatus = null,
        Quantity = 3,
        Total = 12.50m,
        PlacedAt = new DateTimeOffset(2026, 11, 22, 10, 0, 0, TimeSpan.FromHours(1)),
        CountsByStatus = new() { [OrderStatus.Pending] = 1, [OrderStatus.LostInSpace] = 2 },
        Grid = [[1, 2], [3]],
        Extra = new Person("Bo", 4),
        Sku = "X-1",
        Permissions = Permissions.Read | Permissions.Write,
    };

    public const string SampleOrderJson = $$"""{"id":7,"customerName":"Ada","status":"inTransit","previousStatus":null,"quantity":3,"total":12.50,"placedAt":"2026-11-22T10:00:00+01:00","countsByStatus":{"pending":1,"{{Wire.LostInSpace}}":2},"grid":[[1,2],[3]],"extra":{"name":"Bo","age":4},"sku_code":"X-1","permissions":3}""";
}
