using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;

namespace RefitStj.Benchmarks.Checks;

/// <summary>One benchmark method of one (closed) benchmark class, as BenchmarkDotNet would run it.</summary>
public sealed class BenchmarkCaseInfo
{
    internal BenchmarkCaseInfo(BenchmarkCase benchmark)
    {
        Type = benchmark.Descriptor.Type;
        Method = benchmark.Descriptor.WorkloadMethod;
        GlobalSetup = benchmark.Descriptor.GlobalSetupMethod;
        GlobalCleanup = benchmark.Descriptor.GlobalCleanupMethod;
        IsBaseline = benchmark.Descriptor.Baseline;
        Parameters = benchmark.Parameters.Items.Select(p => (p.Name, (object?)p.Value)).ToList();
        var parameters = Parameters.Count == 0 ? "" : "(" + string.Join(", ", Parameters.Select(p => $"{p.Name}={p.Value}")) + ")";
        Name = $"{BenchmarkCases.DisplayName(Type)}.{Method.Name}{parameters}";
    }

    public Type Type { get; }

    public MethodInfo Method { get; }

    public MethodInfo? GlobalSetup { get; }

    public MethodInfo? GlobalCleanup { get; }

    public bool IsBaseline { get; }

    /// <summary>For example <c>ReadBufferedBenchmarks&lt;Location&gt;.RefitStj</c>.</summary>
    public string Name { get; }

    /// <summary>The [Params] values of this case, set on the instance before its global setup.</summary>
    public IReadOnlyList<(string Name, object? Value)> Parameters { get; }

    /// <summary>
    /// Runs the method twice on a fresh instance, between [GlobalSetup] and [GlobalCleanup], and checks each result:
    /// the second call catches state that one operation leaves behind for the next.
    /// </summary>
    /// <exception cref="BenchmarkCheckException">A check failed.</exception>
    public async Task RunAsync()
    {
        var instance = Activator.CreateInstance(Type)
            ?? throw new BenchmarkCheckException($"Could not create {Type}.");
        foreach (var (name, value) in Parameters)
        {
            Type.GetProperty(name)!.SetValue(instance, value);
        }

        if (instance is not ICheckedBenchmark checkedBenchmark)
        {
            throw new BenchmarkCheckException($"{BenchmarkCases.DisplayName(Type)} does not implement {nameof(ICheckedBenchmark)}.");
        }

        await InvokeAsync(GlobalSetup, instance);
        try
        {
            checkedBenchmark.PrepareCheck();
            for (var i = 0; i < 2; i++)
            {
                var result = await InvokeAsync(Method, instance);
                checkedBenchmark.Check(Method.Name, result);
            }
        }
        finally
        {
            await InvokeAsync(GlobalCleanup, instance);
        }
    }

    public override string ToString() => Name;

    private static async Task<object?> InvokeAsync(MethodInfo? method, object instance)
    {
        if (method is null)
        {
            return null;
        }

        object? returned;
        try
        {
            returned = method.Invoke(instance, null);
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            throw new BenchmarkCheckException($"{method.Name} threw {ex.InnerException.GetType().Name}: {ex.InnerException.Message}", ex.InnerException);
        }

        if (returned is not Task task)
        {
            return returned;
        }

        try
        {
            await task;
        }
        catch (Exception ex) when (ex is not BenchmarkCheckException)
        {
            throw new BenchmarkCheckException($"{method.Name} threw {ex.GetType().Name}: {ex.Message}", ex);
        }

        var type = task.GetType();
        return type.IsGenericType ? type.GetProperty(nameof(Task<object>.Result))!.GetValue(task) : null;
    }
}

/// <summary>Finds the benchmarks the way BenchmarkDotNet does, with the suite's own configuration (and so its filters).</summary>
public static class BenchmarkCases
{
    private static readonly Lazy<IReadOnlyList<BenchmarkCaseInfo>> s_all = new(Discover);

    public static IReadOnlyList<BenchmarkCaseInfo> All => s_all.Value;

    /// <summary>Every runnable benchmark class: non-abstract classes with [Benchmark] methods, generic ones closed over each [GenericTypeArguments].</summary>
    public static IEnumerable<Type> BenchmarkTypes() =>
        typeof(BenchmarkCases).Assembly.GetTypes()
            .Where(type => type is { IsClass: true, IsAbstract: false, IsPublic: true }
                && type.GetMethods().Any(method => method.IsDefined(typeof(BenchmarkAttribute))))
            .SelectMany(type => type.IsGenericTypeDefinition
                ? type.GetCustomAttributes<GenericTypeArgumentsAttribute>().Select(arguments => type.MakeGenericType(arguments.GenericTypeArguments))
                : [type])
            .OrderBy(DisplayName, StringComparer.Ordinal);

    /// <summary>The benchmarks BenchmarkDotNet would run for one closed class <paramref name="type"/>, with the suite's configuration.</summary>
    public static IReadOnlyList<BenchmarkCaseInfo> For(Type type) =>
        [.. BenchmarkConverter.TypeToBenchmarks(type, BenchmarkConfig.Create()).BenchmarksCases.Select(benchmark => new BenchmarkCaseInfo(benchmark))];

    public static string DisplayName(Type type)
    {
        if (!type.IsGenericType)
        {
            return type.Name;
        }

        var name = type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)];
        return $"{name}<{string.Join(", ", type.GetGenericArguments().Select(DisplayName))}>";
    }

    private static List<BenchmarkCaseInfo> Discover() => [.. BenchmarkTypes().SelectMany(For)];
}
