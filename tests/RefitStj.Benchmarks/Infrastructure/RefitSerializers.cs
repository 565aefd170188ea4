using System.Net.Http.Json;
using System.Text;
using Newtonsoft.Json;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>Refit's built-in SystemTextJsonContentSerializer, done by hand: System.Net.Http.Json with the given options.</summary>
public static class RefitBuiltInSerializer
{
    public static HttpContent ToHttpContent<T>(T item, System.Text.Json.JsonSerializerOptions options) =>
        JsonContent.Create(item, options: options);

    public static Task<T?> FromHttpContentAsync<T>(HttpContent content, System.Text.Json.JsonSerializerOptions options) =>
        content.ReadFromJsonAsync<T>(options);
}

/// <summary>What Refit.Newtonsoft.Json's NewtonsoftJsonContentSerializer does.</summary>
public static class RefitNewtonsoftSerializer
{
    public static HttpContent ToHttpContent<T>(T item, JsonSerializerSettings settings) =>
        new StringContent(JsonConvert.SerializeObject(item, settings), Encoding.UTF8, "application/json");

    public static async Task<T?> FromHttpContentAsync<T>(HttpContent content, JsonSerializerSettings settings)
    {
        var serializer = Newtonsoft.Json.JsonSerializer.Create(settings);
        using var stream = await content.ReadAsStreamAsync();
        using var reader = new StreamReader(stream);
        using var jsonTextReader = new JsonTextReader(reader);
        return serializer.Deserialize<T>(jsonTextReader);
    }
}
