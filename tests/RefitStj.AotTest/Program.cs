using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using RefitStj;
using RefitStj.AotTest;

// Runs every call through a Refit generated client once per AOT-safe way to build the serializer; one line per check.
// "--native" also checks that this process really is Native AOT code (no JIT), so a publish that quietly fell back fails.
var checks = new Checks();
if (args.Contains("--native"))
{
    checks.That("runs as Native AOT (dynamic code unsupported)", !RuntimeFeature.IsDynamicCodeSupported, "dynamic code is supported");
}

checks.That("reflection-based serialization is off", !JsonSerializer.IsReflectionEnabledByDefault, "it is on");

var serializers = new[]
{
    ("context", new StjContentSerializer(AppJsonContext.Default)),
    ("resolver", StjContentSerializer.CreateWithResolver(new JsonSerializerOptions(AppJsonContext.Default.Options)
    {
        TypeInfoResolver = JsonTypeInfoResolver.Combine(ErrorJsonContext.Default, AppJsonContext.Default),
    })),
};

foreach (var (name, serializer) in serializers)
{
    await ClientChecks.RunAsync(checks, name, serializer);
}

try
{
    serializers[0].Item2.ToHttpContent(new Unlisted(1));
    checks.That("a type missing from the context is rejected", false, "no exception");
}
catch (NotSupportedException ex)
{
    checks.That("a type missing from the context is rejected, naming the fix", ex.Message.Contains("[JsonSerializable(typeof(Unlisted))]", StringComparison.Ordinal), ex.Message);
}

Console.WriteLine(checks.Failed == 0
    ? $"AOT app: all {checks.Passed} checks passed"
    : $"AOT app: {checks.Failed} of {checks.Passed + checks.Failed} checks failed");
return checks.Failed == 0 ? 0 : 1;
