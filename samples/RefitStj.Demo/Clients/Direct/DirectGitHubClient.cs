using System.Runtime.CompilerServices;
using RefitStj.Demo.Models;

namespace RefitStj.Demo.Clients.Direct;

/// <summary>
/// The calls a Refit client makes, made by hand (the default build has only Refit's serializer contract, no
/// RestService): a body from the serializer (loaded into a buffer first when <paramref name="bufferBodies"/>, like
/// Refit's <c>Buffered</c> setting), <c>SendAsync</c> with <see cref="HttpCompletionOption.ResponseHeadersRead"/>, the
/// response loaded into a buffer, then the serializer reads it. The feed is read as it arrives, without buffering.
/// </summary>
internal sealed class DirectGitHubClient(HttpClient http, IBodySerializer serializer, bool bufferBodies) : IGitHubClient
{
    public Task<Organization?> GetOrganizationAsync(string org, CancellationToken cancellationToken = default) =>
        SendAsync<Organization>(HttpMethod.Get, $"orgs/{Uri.EscapeDataString(org)}", body: null, cancellationToken);

    public async Task<IReadOnlyList<Repository>?> GetRepositoriesAsync(string org, CancellationToken cancellationToken = default) =>
        await SendAsync<List<Repository>>(HttpMethod.Get, $"orgs/{Uri.EscapeDataString(org)}/repos", body: null, cancellationToken);

    public Task<Issue?> CreateIssueAsync(string owner, string repo, NewIssue issue, CancellationToken cancellationToken = default) =>
        SendAsync<Issue>(
            HttpMethod.Post,
            $"repos/{Uri.EscapeDataString(owner)}/{Uri.EscapeDataString(repo)}/issues",
            serializer.ToHttpContent(issue),
            cancellationToken);

    public async IAsyncEnumerable<Event?> StreamEventsAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "events");
        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        await ThrowIfFailedAsync(response, cancellationToken);
        await foreach (var item in serializer.FromHttpContentAsAsyncEnumerable<Event>(response.Content, cancellationToken))
        {
            yield return item;
        }
    }

    private async Task<T?> SendAsync<T>(HttpMethod method, string path, HttpContent? body, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(method, path) { Content = body };
        if (body is not null && bufferBodies)
        {
            await body.LoadIntoBufferAsync(cancellationToken);
        }

        using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        await ThrowIfFailedAsync(response, cancellationToken);
        await response.Content.LoadIntoBufferAsync(cancellationToken);
        return await serializer.FromHttpContentAsync<T>(response.Content, cancellationToken);
    }

    /// <summary>Refit would throw an ApiException carrying the body; this throws an <see cref="HttpRequestException"/> with the status and the start of the body.</summary>
    private static async Task ThrowIfFailedAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }

        var text = await response.Content.ReadAsStringAsync(cancellationToken);
        var excerpt = text.Length > 200 ? text[..200] + "..." : text;
        throw new HttpRequestException($"{(int)response.StatusCode} {response.ReasonPhrase}: {excerpt}", null, response.StatusCode);
    }
}
