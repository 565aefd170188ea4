using System.Collections.Concurrent;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using RefitStj.Demo.Models;

namespace RefitStj.Demo.Server;

/// <summary>The embedded API's handlers. Read-only answers are serialized once per org and cached, so the server does little per call.</summary>
internal sealed class GitHubEndpoints(JsonSerializerOptions options)
{
    public static readonly TimeSpan FeedInterval = TimeSpan.FromMilliseconds(25);

    private static readonly byte[] s_newLine = "\n"u8.ToArray();

    private readonly ConcurrentDictionary<string, byte[]> _organizations = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, byte[]> _repositories = new(StringComparer.Ordinal);
    private long _lastIssueId = 1_000_000;

    public void Map(IEndpointRouteBuilder routes)
    {
        routes.MapGet("/orgs/{org}", GetOrganizationAsync);
        routes.MapGet("/orgs/{org}/repos", GetRepositoriesAsync);
        routes.MapPost("/repos/{owner}/{repo}/issues", CreateIssueAsync);
        routes.MapGet("/events", StreamEventsAsync);
    }

    private Task GetOrganizationAsync(HttpContext context)
    {
        var json = _organizations.GetOrAdd(RouteValue(context, "org"), org => Serialize(SampleData.Organization(org)));
        return WriteJsonAsync(context.Response, StatusCodes.Status200OK, json);
    }

    private Task GetRepositoriesAsync(HttpContext context)
    {
        var json = _repositories.GetOrAdd(RouteValue(context, "org"), org => Serialize(SampleData.Repositories(org)));
        return WriteJsonAsync(context.Response, StatusCodes.Status200OK, json);
    }

    /// <summary>Accepts only a JSON issue with a title, sent with a Content-Length (a chunked body is refused).</summary>
    private async Task CreateIssueAsync(HttpContext context)
    {
        var request = context.Request;
        if (request.ContentLength is null)
        {
            await WriteErrorAsync(context.Response, "A Content-Length is required: chunked request bodies are refused.");
            return;
        }

        if (!request.HasJsonContentType())
        {
            await WriteErrorAsync(context.Response, "The body must be application/json.");
            return;
        }

        NewIssue? issue;
        try
        {
            issue = await JsonSerializer.DeserializeAsync<NewIssue>(request.Body, options, context.RequestAborted);
        }
        catch (JsonException)
        {
            await WriteErrorAsync(context.Response, "The body is not valid JSON for an issue.");
            return;
        }

        if (issue is null || string.IsNullOrWhiteSpace(issue.Title))
        {
            await WriteErrorAsync(context.Response, "An issue needs a title.");
            return;
        }

        var id = Interlocked.Increment(ref _lastIssueId);
        var created = SampleData.CreatedIssue(id, RouteValue(context, "owner"), RouteValue(context, "repo"), issue);
        await WriteJsonAsync(context.Response, StatusCodes.Status201Created, Serialize(created));
    }

    /// <summary>JSON Lines, one event at a time, flushed, with a short pause between events.</summary>
    private async Task StreamEventsAsync(HttpContext context)
    {
        var response = context.Response;
        var aborted = context.RequestAborted;
        response.ContentType = "application/x-ndjson";
        for (var i = 0; i < SampleData.EventCount; i++)
        {
            if (i > 0)
            {
                await Task.Delay(FeedInterval, aborted);
            }

            await response.Body.WriteAsync(Serialize(SampleData.Event(i)), aborted);
            await response.Body.WriteAsync(s_newLine, aborted);
            await response.Body.FlushAsync(aborted);
        }
    }

    private Task WriteErrorAsync(HttpResponse response, string message) =>
        WriteJsonAsync(response, StatusCodes.Status400BadRequest, Serialize(new ApiError { Message = message }));

    private static Task WriteJsonAsync(HttpResponse response, int status, byte[] json)
    {
        response.StatusCode = status;
        response.ContentType = "application/json; charset=utf-8";
        response.ContentLength = json.Length;
        return response.Body.WriteAsync(json).AsTask();
    }

    private byte[] Serialize<T>(T value) => JsonSerializer.SerializeToUtf8Bytes(value, options);

    private static string RouteValue(HttpContext context, string name) => (string)context.Request.RouteValues[name]!;
}
