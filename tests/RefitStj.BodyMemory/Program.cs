using RefitStj.BodyMemory;

// write | concurrent | --smoke (both, tiny) | write --smoke | concurrent --smoke. Exits non-zero on any failed check.
var smoke = args.Contains("--smoke");
var modes = args.Where(a => a != "--smoke").ToArray();
if (modes.Length > 1 || (modes.Length == 0 && !smoke) || modes.Any(m => m is not ("write" or "concurrent")))
{
    Console.Error.WriteLine("usage: RefitStj.BodyMemory (write | concurrent) [--smoke]   or   RefitStj.BodyMemory --smoke");
    return 2;
}

var failures = 0;
if (modes.Length == 0 || modes[0] == "write")
{
    failures += await WriteMode.RunAsync(smoke);
}

if (modes.Length == 0 || modes[0] == "concurrent")
{
    failures += await ConcurrentMode.RunAsync(smoke);
}

Console.WriteLine(failures == 0 ? "body memory: every body arrived as written" : $"body memory: {failures} failed checks");
return failures == 0 ? 0 : 1;
