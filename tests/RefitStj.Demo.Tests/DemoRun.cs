namespace RefitStj.Demo.Tests;

/// <summary>One in-process run of the demo: its exit code and what it wrote.</summary>
internal sealed record DemoRun(int ExitCode, string Output, string Error)
{
    public static Task<DemoRun> RunAsync(params string[] args) => RunAsync(args, () => new SocketsHttpHandler());

    /// <summary>Runs the demo with <paramref name="answer"/> in front of the sockets, given each request and its number (from 1).</summary>
    public static Task<DemoRun> RunAsync(Func<int, HttpRequestMessage, HttpResponseMessage?> answer) =>
        RunAsync([], () => new AnsweringHandler(answer) { InnerHandler = new SocketsHttpHandler() });

    /// <summary>Fails, showing everything the run wrote, unless it exited 0.</summary>
    public void AssertSucceeded() => Assert.True(ExitCode == 0, ToString());

    public override string ToString() => $"exit code {ExitCode}\n--- stdout ---\n{Output}\n--- stderr ---\n{Error}";

    private static async Task<DemoRun> RunAsync(string[] args, Func<HttpMessageHandler> createHandler)
    {
        using var output = new StringWriter { NewLine = "\n" };
        using var error = new StringWriter { NewLine = "\n" };
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        var exitCode = await DemoApp.RunAsync(args, output, error, createHandler, timeout.Token);
        return new DemoRun(exitCode, output.ToString(), error.ToString());
    }

    /// <summary>Answers a request itself when the function returns a response; otherwise passes it on to the server.</summary>
    private sealed class AnsweringHandler(Func<int, HttpRequestMessage, HttpResponseMessage?> answer) : DelegatingHandler
    {
        private int _requests;

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            answer(Interlocked.Increment(ref _requests), request) is { } response
                ? Task.FromResult(response)
                : base.SendAsync(request, cancellationToken);
    }
}
