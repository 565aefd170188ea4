using System.Net.Http.Json;
using System.Text;
using Newtonsoft.Json;
using Refit;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// Refit's built-in SystemTextJsonContentSerializer, done by hand: System.Net.Http.Json with the given options. The
/// baseline of the default build, which has no Refit package; built with <c>-p:RefitVersion=...</c>, the baseline is
/// Refit's own class (<see cref="RefitOwnSerializer"/>) and this stays as the <c>RefitBuiltInByHand</c> row, which
/// relates the two builds' ratios.
/// </summary>
public static class RefitBuiltInSerializer
{
    public static HttpContent ToHttpContent<T>(T item, System.Text.Json.JsonSerializerOptions options) =>
        JsonContent.Create(item, options: options);

    public static Task<T?> FromHttpContentAsync<T>(HttpContent content, System.Text.Json.JsonSerializerOptions options) =>
        content.ReadFromJsonAsync<T>(options);
}

/// <summary>
/// Refit's own <see cref="SystemTextJsonContentSerializer"/>, typed as the interfaces Refit calls it through, so every
/// row that uses it pays what it pays inside a Refit client.
/// </summary>
public static class RefitOwnSerializer
{
    /// <summary>What <c>new RefitSettings()</c> uses: <c>GetDefaultJsonSerializerOptions()</c> (the baseline in this build).</summary>
    public static SystemTextJsonContentSerializer CreateDefault() =>
        new(SystemTextJsonContentSerializer.GetDefaultJsonSerializerOptions());

    /// <summary>
    /// <c>GetFastPathJsonSerializerOptions()</c> with the source-generated context as its resolver, as Refit documents
    /// it: without a generated resolver there is no fast path to take (and no string enum converter, so the payloads'
    /// enums could not be read). The context's metadata writes the same bytes as the other rows.
    /// </summary>
    public static SystemTextJsonContentSerializer CreateFastPath()
    {
        var options = SystemTextJsonContentSerializer.GetFastPathJsonSerializerOptions();
        options.TypeInfoResolver = BenchmarkJsonContext.Default;
        return new(options);
    }
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
