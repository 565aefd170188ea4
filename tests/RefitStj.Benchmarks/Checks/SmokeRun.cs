using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;

namespace RefitStj.Benchmarks.Checks;

/// <summary>
/// <c>--smoke</c>, for CI: every benchmark case BenchmarkDotNet would run, in process, its method called twice on one
/// instance between [GlobalSetup] and [GlobalCleanup] (the second call catches state one call leaves for the next), each
/// result checked. Returns the exit code: 1 if any case threw or failed its check.
/// </summary>
public static class SmokeRun
{
    public static async Task<int> RunAsync()
    {
        var cases = typeof(SmokeRun).Assembly.GetTypes()
            .Where(type => type is { IsPublic: true, IsAbstract: false } && type.GetMethods().Any(method => method.IsDefined(typeof(BenchmarkAttribute))))
            .SelectMany(type => type.IsGenericTypeDefinition
                ? type.GetCustomAttributes<GenericTypeArgumentsAttribute>().Select(arguments => type.MakeGenericType(arguments.GenericTypeArguments))
                : [type])
            .SelectMany(type => BenchmarkConverter.TypeToBenchmarks(type, BenchmarkConfig.Create()).BenchmarksCases)
            .ToList();
        var failures = 0;
        foreach (var benchmark in cases)
        {
            try
            {
                await RunAsync(benchmark);
            }
            catch (Exception ex)
            {
                failures++;
                Console.WriteLine($"FAIL {benchmark.DisplayInfo}: {(ex is TargetInvocationException { InnerException: { } inner } ? inner : ex).Message}");
            }
        }

        Console.WriteLine($"Smoke (Refit {BenchmarkConfig.RefitVersion}): {cases.Count - failures} of {cases.Count} benchmarks passed.");
        return failures == 0 && cases.Count > 0 ? 0 : 1;
    }

    private static async Task RunAsync(BenchmarkCase benchmark)
    {
        var descriptor = benchmark.Descriptor;
        var instance = Activator.CreateInstance(descriptor.Type) as ICheckedBenchmark
            ?? throw new InvalidOperationException($"{descriptor.Type.Name} does not implement {nameof(ICheckedBenchmark)}.");
        foreach (var parameter in benchmark.Parameters.Items)
        {
            descriptor.Type.GetProperty(parameter.Name)!.SetValue(instance, parameter.Value);
        }

        await InvokeAsync(descriptor.GlobalSetupMethod, instance);
        try
        {
            for (var call = 0; call < 2; call++)
            {
                instance.Check(await InvokeAsync(descriptor.WorkloadMethod, instance));
            }
        }
        finally
        {
            await InvokeAsync(descriptor.GlobalCleanupMethod, instance);
        }
    }

    private static async Task<object?> InvokeAsync(MethodInfo? method, object instance)
    {
        var returned = method?.Invoke(instance, null);
        if (returned is not Task task)
        {
            return returned;
        }

        await task;
        return method!.ReturnType.IsGenericType ? task.GetType().GetProperty(nameof(Task<object>.Result))!.GetValue(task) : null;
    }
}
