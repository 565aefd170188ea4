using System.Globalization;

namespace RefitStj.Demo;

/// <summary>The command line, parsed and checked.</summary>
internal sealed record DemoOptions
{
    public const string DefaultOrg = "dotnet";

    public static readonly TimeSpan DefaultDuration = TimeSpan.FromSeconds(1.5);

    private static readonly TimeSpan s_maxDuration = TimeSpan.FromSeconds(60);

    public const string Usage = """
        Usage: dotnet run --project samples/RefitStj.Demo [-- <options>]

        Starts an embedded GitHub-like API, calls it with RefitStj, then compares calls per second and bytes
        allocated per call with Refit's built-in System.Text.Json path (rough in-process numbers; the
        BenchmarkDotNet suite in tests/RefitStj.Benchmarks gives real ones).

        Options:
          --base-url <url>      call this API instead of the embedded server: only GET /orgs/<org> and
                                GET /orgs/<org>/repos (no POST, no feed), and no comparison unless --compare
          --org <name>          the organization to read (default: dotnet)
          --duration <seconds>  measuring time per scenario and path, 0 < seconds <= 60 (default: 1.5)
          --compare             run the comparison (with --base-url: the GET scenarios only)
          --no-compare          skip the comparison
          -h, --help            show this help

        Exit codes: 0 success, 1 a call failed or returned something wrong, 2 bad arguments.
        """;

    /// <summary>The API to call instead of the embedded server, or <see langword="null"/> to start it.</summary>
    public Uri? BaseUrl { get; init; }

    public string Org { get; init; } = DefaultOrg;

    public TimeSpan Duration { get; init; } = DefaultDuration;

    /// <summary>Whether to run the comparison: by default with the embedded server, not against a real API.</summary>
    public bool Compare { get; init; }

    public bool ShowHelp { get; init; }

    public static bool TryParse(IReadOnlyList<string> args, out DemoOptions options, out string error)
    {
        ArgumentNullException.ThrowIfNull(args);
        options = new DemoOptions();
        error = "";
        bool? compare = null;
        for (var i = 0; i < args.Count; i++)
        {
            var (name, inlineValue) = Split(args[i]);
            switch (name)
            {
                case "-h" or "--help" when inlineValue is null:
                    options = options with { ShowHelp = true };
                    break;
                case "--compare" or "--no-compare" when inlineValue is null:
                    var wanted = name == "--compare";
                    if (compare is { } earlier && earlier != wanted)
                    {
                        error = "--compare and --no-compare cannot be used together.";
                        return false;
                    }

                    compare = wanted;
                    break;
                case "--base-url" or "--org" or "--duration":
                    var value = inlineValue ?? (i + 1 < args.Count ? args[++i] : null);
                    if (value is null)
                    {
                        error = $"{name} needs a value.";
                        return false;
                    }

                    if (!TryApply(options, name, value, out options, out error))
                    {
                        return false;
                    }

                    break;
                default:
                    error = $"Unknown argument '{args[i]}'.";
                    return false;
            }
        }

        options = options with { Compare = compare ?? options.BaseUrl is null };
        return true;
    }

    private static bool TryApply(DemoOptions current, string name, string value, out DemoOptions options, out string error)
    {
        options = current;
        error = "";
        switch (name)
        {
            case "--base-url":
                if (!Uri.TryCreate(value, UriKind.Absolute, out var url) || (url.Scheme != Uri.UriSchemeHttp && url.Scheme != Uri.UriSchemeHttps))
                {
                    error = $"--base-url needs an absolute http or https URL, not '{value}'.";
                    return false;
                }

                // A trailing slash keeps the URL's path when relative paths are resolved against it.
                options = current with { BaseUrl = url.AbsolutePath.EndsWith('/') ? url : new Uri(url + "/") };
                return true;
            case "--org":
                if (string.IsNullOrWhiteSpace(value) || value.Contains('/', StringComparison.Ordinal) || value.Any(char.IsWhiteSpace))
                {
                    error = $"--org needs an organization name, not '{value}'.";
                    return false;
                }

                options = current with { Org = value };
                return true;
            default:
                if (!double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out var seconds)
                    || !double.IsFinite(seconds) || seconds <= 0 || seconds > s_maxDuration.TotalSeconds)
                {
                    error = $"--duration needs a number of seconds, 0 < seconds <= 60, not '{value}'.";
                    return false;
                }

                options = current with { Duration = TimeSpan.FromSeconds(seconds) };
                return true;
        }
    }

    /// <summary>Splits <c>--name=value</c>; other arguments have no inline value.</summary>
    private static (string Name, string? Value) Split(string arg)
    {
        var equals = arg.IndexOf('=', StringComparison.Ordinal);
        return arg.StartsWith("--", StringComparison.Ordinal) && equals > 2 ? (arg[..equals], arg[(equals + 1)..]) : (arg, null);
    }
}
