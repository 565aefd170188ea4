using System.Text.RegularExpressions;

namespace RefitStj.Demo.Tests;

public sealed class DemoAppTests
{
    [Fact]
    public async Task Full_Run_Against_The_Embedded_Server_Succeeds_And_Prints_Each_Step()
    {
        var run = await DemoRun.RunAsync("--duration", "0.2");

        run.AssertSucceeded();
        Assert.Equal("", run.Error);
        Assert.Contains("embedded GitHub-like server at http://127.0.0.1:", run.Output);
        Assert.Contains("GET /orgs/dotnet\n  dotnet (demo organization) [dotnet]", run.Output);
        Assert.Contains("50 repositories; first: dotnet/runtime (C#, 20,000 stars, public)", run.Output);
        Assert.Matches(@"created issue #\d+ \(id \d+\): ""Try RefitStj"" \[open; labels: demo, question\]", run.Output);
        Assert.Contains("events received: 20", run.Output);
        Assert.Matches(@"20 events: the first after \d+ ms, the last after \d+ ms", run.Output);

        Assert.Contains("Comparison with Refit's built-in path", run.Output);
        Assert.Contains("this server answers 400, checked just now", run.Output);
        foreach (var scenario in new[] { "GET org", "GET repos \\(50\\)", "POST issue" })
        {
            // name, then calls/s, calls/s, ratio, bytes, bytes, ratio
            Assert.Matches(new Regex($@"\n  {scenario} +[\d,]+ +[\d,]+ +\d+\.\d\dx +[\d,]+ +[\d,]+ +\d+\.\d\dx\n"), run.Output);
        }

        Assert.Contains("Rough in-process numbers", run.Output);
        Assert.Contains("tests/RefitStj.Benchmarks", run.Output);
        Assert.DoesNotContain("\r", run.Output); // a writer that is not the console gets plain lines, never in-place progress
    }

    [Fact]
    public async Task No_Compare_Skips_The_Comparison()
    {
        var run = await DemoRun.RunAsync("--no-compare");

        run.AssertSucceeded();
        Assert.Contains("20 events:", run.Output);
        Assert.DoesNotContain("Comparison", run.Output);
    }

    [Fact]
    public async Task Base_Url_Only_Reads_And_Skips_Post_Feed_And_Comparison()
    {
        var (run, server) = await DemoRun.AgainstServerAsync("", "--org", "contoso");

        run.AssertSucceeded();
        Assert.Contains($"API:        {server} (GETs only", run.Output);
        Assert.Contains("GET /orgs/contoso\n", run.Output);
        Assert.Contains("50 repositories; first: contoso/runtime", run.Output);
        Assert.DoesNotContain("POST /", run.Output);
        Assert.DoesNotContain("GET /events", run.Output);
        Assert.DoesNotContain("Comparison", run.Output);
    }

    [Fact]
    public async Task Base_Url_With_Compare_Measures_The_Reads_Only()
    {
        var (run, _) = await DemoRun.AgainstServerAsync("", "--compare", "--duration=0.1");

        run.AssertSucceeded();
        Assert.Contains("[1/2] GET org", run.Output);
        Assert.Contains("[2/2] GET repos (50)", run.Output);
        Assert.DoesNotContain("POST", run.Output.Split("Comparison")[1]);
        Assert.Contains("the network dominates", run.Output);
    }

    [Fact]
    public async Task A_Failing_Api_Exits_1_With_The_Error_On_Stderr()
    {
        var (run, _) = await DemoRun.AgainstServerAsync("missing/");

        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith("error: ", run.Error);
        Assert.Contains("404", run.Error);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("-h")]
    [InlineData("--duration", "0.5", "--help")]
    public async Task Help_Prints_Usage_And_Exits_0(params string[] args)
    {
        var run = await DemoRun.RunAsync(args);

        Assert.Equal(0, run.ExitCode);
        Assert.StartsWith("Usage: dotnet run --project samples/RefitStj.Demo", run.Output);
        Assert.Contains("--base-url <url>", run.Output);
        Assert.Equal("", run.Error);
    }

    [Theory]
    [InlineData("--bogus")]
    [InlineData("extra")]
    [InlineData("--duration")]
    [InlineData("--duration", "abc")]
    [InlineData("--duration", "0")]
    [InlineData("--duration", "-1")]
    [InlineData("--duration", "61")]
    [InlineData("--duration", "NaN")]
    [InlineData("--duration", "1e300")]
    [InlineData("--base-url", "not a url")]
    [InlineData("--base-url", "ftp://example.test/")]
    [InlineData("--base-url", "/relative")]
    [InlineData("--org", "")]
    [InlineData("--org", "a/b")]
    [InlineData("--compare", "--no-compare")]
    [InlineData("--help=yes")]
    public async Task Bad_Arguments_Print_Usage_To_Stderr_And_Exit_2(params string[] args)
    {
        var run = await DemoRun.RunAsync(args);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal("", run.Output);
        Assert.StartsWith("error: ", run.Error);
        Assert.Contains("Usage: dotnet run --project samples/RefitStj.Demo", run.Error);
    }
}
