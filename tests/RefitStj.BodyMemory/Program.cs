using RefitStj.BodyMemory;

// write | concurrent [--concurrency 1,16,64] [--sizes 100000,... | none] [--modes default,buffered,sync,streamed] [--h1-only] | --smoke (both, tiny) | write --smoke | concurrent --smoke.
// "client ..." is one measured case, started by concurrent mode in a process of its own. Exits non-zero on any failed check.
if (args.Length > 0 && args[0] == "client")
{
    return await ClientRun.RunAsync(args);
}

var smoke = args.Contains("--smoke");
var modes = args.Where(a => a is "write" or "concurrent").ToArray();
if (modes.Length > 1 || (modes.Length == 0 && !smoke) || args.Length == 0)
{
    Console.Error.WriteLine("usage: RefitStj.BodyMemory (write | concurrent [--concurrency 1,16,64] [--sizes 100000,1000000 | none] [--modes default,buffered,sync,streamed] [--h1-only]) [--smoke]   or   RefitStj.BodyMemory --smoke");
    return 2;
}

var failures = 0;
if (modes.Length == 0 || modes[0] == "write")
{
    failures += await WriteMode.RunAsync(smoke);
}

if (modes.Length == 0 || modes[0] == "concurrent")
{
    failures += await ConcurrentMode.RunAsync(smoke, args);
}

Console.WriteLine(failures == 0 ? "body memory: every body arrived as written" : $"body memory: {failures} failed checks");
return failures == 0 ? 0 : 1;
