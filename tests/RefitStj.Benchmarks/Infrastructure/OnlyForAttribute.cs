using System.Reflection;
using BenchmarkDotNet.Filters;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// Runs a benchmark method of a generic class only when the class is closed over <see cref="TypeArgument"/> (for
/// example the options-per-call row, which is only worth measuring on one small payload). Enforced by
/// <see cref="Filter"/>, which <see cref="BenchmarkConfig"/> adds and the smoke run honours.
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class OnlyForAttribute(Type typeArgument) : Attribute
{
    public Type TypeArgument { get; } = typeArgument;

    public static IFilter Filter { get; } = new SimpleFilter(benchmark => Includes(benchmark.Descriptor.Type, benchmark.Descriptor.WorkloadMethod));

    public static bool Includes(Type benchmarkType, MethodInfo method) =>
        method.GetCustomAttribute<OnlyForAttribute>() is not { } only || benchmarkType.GetGenericArguments().Contains(only.TypeArgument);
}
