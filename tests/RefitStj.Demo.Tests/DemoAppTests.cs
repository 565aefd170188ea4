using System.Net;
using System.Text;

namespace RefitStj.Demo.Tests;

public sealed class DemoAppTests
{
    [Fact]
    public async Task Run_Calls_The_Embedded_Server_Through_A_Generated_Refit_Client_And_Prints_Each_Call()
    {
        var run = await DemoRun.RunAsync();

        run.AssertSucceeded();
        Assert.Equal("", run.Error);
        Assert.Matches(@"server: http://127\.0\.0\.1:\d+/ ", run.Output);
        Assert.Matches(@"\n +Refit\.Implementation\.Generated\S*\+\S*IGitHubApi, from Refit \d+\.\d+\.\d+'s source generator\n", run.Output);
        Assert.Contains("1. GET /orgs/dotnet: an object (Task<Organization>)\n   dotnet (demo organization) [dotnet], 12 public repositories, since 2014-11-12\n", run.Output);
        Assert.Contains("2. GET /orgs/dotnet/repos: a list (Task<List<Repository>>)\n   12 repositories, the first three:\n     dotnet/runtime (C#, 20,000 stars, Public)\n", run.Output);
        Assert.Contains("   created issue #1001: \"Try RefitStj\" [open; labels: demo, question]\n", run.Output);
        Assert.Contains("   422 Unprocessable Entity; GetContentAsAsync<ApiError>() reads: \"An issue needs a title.\"\n", run.Output);
        Assert.Matches(@"5\. GET /events: a stream \(IAsyncEnumerable<Event>\)[^\n]*\n(   after +\d+ ms: \w+Event by contributor\d on dotnet/\w+\n){5}   5 events", run.Output);
        Assert.EndsWith("\nEvery call answered as expected.\n", run.Output);
    }

    [Theory]
    [InlineData(1, HttpStatusCode.OK, """{"login":"contoso","publicRepos":12}""", "error: GET /orgs/dotnet answered the organization 'contoso'.")]
    [InlineData(2, HttpStatusCode.OK, "[]", "error: GET /orgs/dotnet/repos answered 0 repositories, not the organization's 12.")]
    [InlineData(3, HttpStatusCode.Created, """{"id":1,"title":"Other","state":"open","labels":[]}""", "error: POST /repos/dotnet/runtime/issues did not echo the issue back.")]
    [InlineData(3, HttpStatusCode.Created, """{"id":1,"title":"Try RefitStj","body":"Sent by the RefitStj demo.","state":"open"}""", "error: POST /repos/dotnet/runtime/issues did not echo the issue back.")]
    [InlineData(4, HttpStatusCode.Created, """{"id":1,"title":"","state":"open","labels":[]}""", "error: POST /repos/dotnet/runtime/issues accepted an issue without a title.")]
    [InlineData(4, HttpStatusCode.BadRequest, """{"message":"no"}""", "error: POST /repos/dotnet/runtime/issues without a title answered 400, not 422.")]
    [InlineData(4, HttpStatusCode.UnprocessableEntity, "{}", "error: POST /repos/dotnet/runtime/issues answered 422 without an error message.")]
    [InlineData(5, HttpStatusCode.OK, "{\"id\":2}\n{\"id\":1}\n", "error: event 2 of the feed is out of order.")]
    [InlineData(5, HttpStatusCode.OK, "", "error: the feed was empty.")]
    [InlineData(1, HttpStatusCode.InternalServerError, "", "error: ApiException: Response status code does not indicate success: 500 (Internal Server Error).")]
    [InlineData(2, HttpStatusCode.OK, "<html>", "error: ApiException: An error occured deserializing the response.")]
    public async Task A_Wrong_Answer_Exits_1_Naming_The_Call_On_Stderr(int request, HttpStatusCode status, string body, string expected)
    {
        var mediaType = request == 5 ? "application/x-ndjson" : "application/json";

        var run = await DemoRun.RunAsync((number, message) =>
            number == request ? new HttpResponseMessage(status) { Content = new StringContent(body, Encoding.UTF8, mediaType), RequestMessage = message } : null);

        Assert.True(run.ExitCode == 1, run.ToString());
        Assert.Equal(expected + "\n", run.Error);
        Assert.DoesNotContain("Every call answered as expected.", run.Output);
    }

    [Fact]
    public async Task A_Transport_Failure_Exits_1_With_The_Error_On_Stderr()
    {
        var run = await DemoRun.RunAsync((_, _) => throw new HttpRequestException("connection refused"));

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("error: ApiRequestException: connection refused\n", run.Error);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    public async Task Help_Prints_Usage_And_Exits_0(string argument)
    {
        var run = await DemoRun.RunAsync(argument);

        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith("Usage: dotnet run -c Release --project samples/RefitStj.Demo", run.Output);
        Assert.Equal("", run.Error);
    }

    [Theory]
    [InlineData("--bogus")]
    [InlineData("extra")]
    [InlineData("--help=yes")]
    [InlineData("--help", "--help")]
    [InlineData("--base-url", "http://127.0.0.1/")]
    public async Task Any_Other_Argument_Prints_Usage_To_Stderr_And_Exits_2(params string[] args)
    {
        var run = await DemoRun.RunAsync(args);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal("", run.Output);
        Assert.StartsWith($"error: unexpected argument '{args[0]}'.", run.Error);
        Assert.Contains("Usage: dotnet run -c Release --project samples/RefitStj.Demo", run.Error);
    }
}
