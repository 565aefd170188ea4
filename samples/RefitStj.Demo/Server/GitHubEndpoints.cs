using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace RefitStj.Demo.Server;

/// <summary>The embedded API's handlers; <c>options</c> write its JSON (Refit's defaults: camelCase, enums as strings).</summary>
internal sealed class GitHubEndpoints(JsonSerializerOptions options)
{
    /// <summary>The pause between two events of the feed, so the client visibly gets each one before the next is sent.</summary>
    public static readonly TimeSpan FeedInterval = TimeSpan.FromMilliseconds(60);

    private static readonly byte[] s_newLine = "\n"u8.ToArray();

    private long _lastIssueId = 1_000;

    public void Map(IEndpointRouteBuilder routes)
    {
        routes.MapGet("/orgs/{org}", (string org) => Json(StatusCodes.Status200OK, SampleData.Organization(org)));
        routes.MapGet("/orgs/{org}/repos", (string org) => Json(StatusCodes.Status200OK, SampleData.Repositories(org)));
        routes.MapPost("/repos/{owner}/{repo}/issues", CreateIssueAsync);
        routes.MapGet("/events", StreamEventsAsync);
    }

    /// <summary>201 with the created issue, or 422 with a GitHub-like error body when the issue has no title.</summary>
    private async Task<IResult> CreateIssueAsync(HttpRequest request)
    {
        NewIssue? issue;
        try
        {
            issue = await JsonSerializer.DeserializeAsync<NewIssue>(request.Body, options, request.HttpContext.RequestAborted);
        }
        catch (JsonException)
        {
            return Json(StatusCodes.Status422UnprocessableEntity, new ApiError("The body is not valid JSON for an issue."));
        }

        if (issue is null || string.IsNullOrWhiteSpace(issue.Title))
        {
            return Json(StatusCodes.Status422UnprocessableEntity, new ApiError("An issue needs a title."));
        }

        return Json(StatusCodes.Status201Created, SampleData.CreatedIssue(Interlocked.Increment(ref _lastIssueId), issue));
    }

    /// <summary>JSON Lines, one event at a time, each flushed before a pause.</summary>
    private async Task StreamEventsAsync(HttpResponse response, CancellationToken cancellationToken)
    {
        response.ContentType = "application/x-ndjson";
        for (var i = 0; i < SampleData.EventCount; i++)
        {
            if (i > 0)
            {
                await Task.Delay(FeedInterval, cancellationToken);
            }

            await response.Body.WriteAsync(JsonSerializer.SerializeToUtf8Bytes(SampleData.Event(i), options), cancellationToken);
            await response.Body.WriteAsync(s_newLine, cancellationToken);
            await response.Body.FlushAsync(cancellationToken);
        }
    }

    private IResult Json<T>(int status, T value) => Results.Json(value, options, "application/json; charset=utf-8", status);
}
