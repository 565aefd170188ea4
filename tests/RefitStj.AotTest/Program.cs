using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj;
using RefitStj.AotTest;

// Runs every call through a Refit generated client once per reflection-free way to build the serializer; one line per check.
var checks = new Checks();
checks.That("reflection-based serialization is off", !JsonSerializer.IsReflectionEnabledByDefault, "it is on");

// The two reflection-free ways in: a context (its own options apply), and options over a chain of resolvers.
var fromContext = new StjContentSerializer(AppJsonContext.Default);
var fromResolver = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions(AppJsonContext.Default.Options)
{
    TypeInfoResolver = JsonTypeInfoResolver.Combine(ErrorJsonContext.Default, AppJsonContext.Default),
});

// Each client is created where its serializer is in sight, so the build checks (RSTJ001) that AppJsonContext covers
// IRepoApi. ForGenerated, not For: Refit marks For<T> RequiresUnreferencedCode, since it may fall back to reflection.
await ClientChecks.RunAsync(checks, "context", http => RestService.ForGenerated<IRepoApi>(http, new RefitSettings { ContentSerializer = fromContext }));
await ClientChecks.RunAsync(checks, "resolver", http => RestService.ForGenerated<IRepoApi>(http, new RefitSettings { ContentSerializer = fromResolver }));
await SseChecks.RunAsync(checks);
await ErrorChecks.RunAsync(checks, "context", http => RestService.ForGenerated<IRepoApi>(http, new RefitSettings { ContentSerializer = fromContext }));
await ErrorChecks.RunAsync(checks, "resolver", http => RestService.ForGenerated<IRepoApi>(http, new RefitSettings { ContentSerializer = fromResolver }));

try
{
    fromContext.ToHttpContent(new Unlisted(1));
    checks.That("a type missing from the context is rejected", false, "no exception");
}
catch (NotSupportedException ex)
{
    checks.That("a type missing from the context is rejected, naming the fix", ex.Message.Contains("[JsonSerializable(typeof(Unlisted))]", StringComparison.Ordinal), ex.Message);
}

// Refit's default wire format from a source-generated context, call by call against Refit's own serializer's transcript.
await CompatChecks.RunAsync(checks, args);

Console.WriteLine(checks.Failed == 0
    ? $"consumer app: all {checks.Passed} checks passed"
    : $"consumer app: {checks.Failed} of {checks.Passed + checks.Failed} checks failed");
return checks.Failed == 0 ? 0 : 1;
