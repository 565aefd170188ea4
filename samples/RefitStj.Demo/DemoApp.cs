using RefitStj.Demo.Clients;
using RefitStj.Demo.Comparison;
using RefitStj.Demo.Output;
using RefitStj.Demo.Server;

namespace RefitStj.Demo;

/// <summary>The demo's entry point, separate from Program so tests can run it in-process.</summary>
internal static class DemoApp
{
    public const int Success = 0;

    public const int Failure = 1;

    public const int BadArguments = 2;

    /// <summary>Parses <paramref name="args"/>, runs the demo and returns the exit code.</summary>
    /// <param name="args">The command line.</param>
    /// <param name="stdout">Output; progress is rewritten in place only when this is the console's own, not redirected.</param>
    /// <param name="stderr">Usage errors and failed checks.</param>
    /// <param name="cancellationToken">Stops the demo.</param>
    /// <returns>0 on success, 1 when a call failed or answered wrongly, 2 for bad arguments.</returns>
    public static async Task<int> RunAsync(string[] args, TextWriter stdout, TextWriter stderr, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(stdout);
        ArgumentNullException.ThrowIfNull(stderr);
        if (!DemoOptions.TryParse(args, out var options, out var error))
        {
            await stderr.WriteLineAsync($"error: {error}");
            await stderr.WriteLineAsync();
            await stderr.WriteLineAsync(DemoOptions.Usage);
            return BadArguments;
        }

        if (options.ShowHelp)
        {
            await stdout.WriteLineAsync(DemoOptions.Usage);
            return Success;
        }

        var console = new DemoConsole(stdout, stderr, interactive: ReferenceEquals(stdout, Console.Out) && !Console.IsOutputRedirected);
        try
        {
            return await RunAsync(options, console, cancellationToken) ? Success : Failure;
        }
        catch (Exception exception) when (ClientMode.IsCallFailure(exception) || (exception is TaskCanceledException && !cancellationToken.IsCancellationRequested))
        {
            console.Fail($"{exception.GetType().Name}: {ClientMode.Describe(exception)}");
            return Failure;
        }
    }

    private static async Task<bool> RunAsync(DemoOptions options, DemoConsole console, CancellationToken cancellationToken)
    {
        var embedded = options.BaseUrl is null;
        await using var server = embedded ? await DemoServer.StartAsync(StjContentSerializer.CreateDefaultOptions()) : null;
        var baseAddress = options.BaseUrl ?? server!.BaseAddress;
        using var http = new HttpClient(new SocketsHttpHandler()) { BaseAddress = baseAddress, Timeout = TimeSpan.FromSeconds(30) };
        http.DefaultRequestHeaders.UserAgent.ParseAdd("RefitStj.Demo/1.0"); // GitHub's API refuses requests without one

        console.WriteLine("RefitStj demo");
        console.WriteLine(embedded
            ? $"  API:        embedded GitHub-like server at {baseAddress} (Kestrel, in this process)"
            : $"  API:        {baseAddress} (GETs only: no POST, no feed)");
        console.WriteLine("  serializer: new StjContentSerializer()");
        for (var i = 0; i < ClientMode.Client.Length; i++)
        {
            console.WriteLine((i == 0 ? "  client:     " : "              ") + ClientMode.Client[i]);
        }

        console.WriteLine();

        var repositoryCount = await new Walkthrough(ClientMode.CreateRefitStj(http, bufferBodies: true), console).RunAsync(options.Org, embedded, cancellationToken);
        if (repositoryCount is not { } count)
        {
            return false;
        }

        if (!options.Compare)
        {
            return true;
        }

        console.WriteLine();
        return await new ComparisonRunner(http, console, options.Duration).RunAsync(options.Org, count, embedded, cancellationToken);
    }
}
