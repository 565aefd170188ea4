using System.Text.Json;
using Refit;

namespace RefitStj.AotTest;

/// <summary>What a user reads when a response does not fit, and an RFC 7807 problem as Refit's ValidationApiException, under Native AOT.</summary>
internal static class ErrorChecks
{
    public const string Problem =
        """{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"Name":["The Name field is required."]},"traceId":"00-abc-01","retryAfter":30,"nested":{"a":[1]}}""";

    public static async Task RunAsync(Checks checks, string name, Func<HttpClient, IRepoApi> create)
    {
        using var http = new HttpClient(new ApiStub()) { BaseAddress = new Uri("http://api.test") };
        var api = create(http);

        await MessageAsync(checks, $"{name}: an unknown enum name", () => api.GetBad("enum"),
            "The response body does not match List<Repo>: the value \"Archived\" at $[0].visibility (line 1, byte 34) cannot be read as Visibility.");
        await MessageAsync(checks, $"{name}: a value of the wrong type", () => api.GetBad("type"),
            "The response body does not match List<Repo>: the value \"seven\" at $[0].id (line 2, byte 10) cannot be read as int.");
        await MessageAsync(checks, $"{name}: an HTML page", () => api.GetBad("html"),
            "The response body is text/html, not JSON, so it cannot be read as List<Repo>: it has '<!DOCTYPE html><html><head><title>Sign i…' at line 1, byte 1.");
        await StreamMessageAsync(checks, $"{name}: a bad line of JSON Lines", api.BadFeed("lines"),
            "Line 2 of the JSON Lines body does not match Repo: the value \"Archived\" at $.visibility (line 2, byte 33) cannot be read as Visibility.");
        await StreamMessageAsync(checks, $"{name}: a bad event", api.BadFeed("events"),
            "Event 1 of the server-sent event stream does not match Repo: the value \"Gone\" at $.visibility (line 1, byte 33) cannot be read as Visibility.");

        try
        {
            await api.Validate();
            checks.That($"{name}: problem details", false, "no exception");
        }
        catch (ValidationApiException ex)
        {
            var problem = ex.Content;
            var found = problem is null ? "null" :
                $"{problem.Title}|{problem.Status}|{string.Join(",", problem.Errors.Select(e => $"{e.Key}={string.Join("/", e.Value)}"))}|" +
                string.Join(",", problem.Extensions.OrderBy(e => e.Key, StringComparer.Ordinal).Select(e => $"{e.Key}={e.Value?.GetType().Name}:{(e.Value is JsonElement j ? j.GetRawText() : e.Value)}"));
            checks.That($"{name}: problem details as ValidationApiException", found ==
                "One or more validation errors occurred.|400|Name=The Name field is required.|nested=JsonElement:{\"a\":[1]},retryAfter=Int64:30,traceId=String:00-abc-01", found);
        }
        catch (ApiException ex)
        {
            checks.That($"{name}: problem details as ValidationApiException", false, $"{ex.GetType().Name}: {ex.InnerException?.Message}");
        }
    }

    private static async Task MessageAsync(Checks checks, string what, Func<Task> call, string expected)
    {
        try
        {
            await call();
            checks.That(what, false, "no exception");
        }
        catch (ApiException ex) when (ex.InnerException is JsonException json)
        {
            checks.That(what, json.Message == expected, json.Message);
        }
    }

    private static async Task StreamMessageAsync(Checks checks, string what, IAsyncEnumerable<Repo> items, string expected)
    {
        try
        {
            await foreach (var _ in items)
            {
            }

            checks.That(what, false, "no exception");
        }
        catch (JsonException ex)
        {
            checks.That(what, ex.Message == expected, ex.Message);
        }
    }
}
