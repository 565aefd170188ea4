using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;
using RefitStj.Reading;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// The collector a buffered read goes through, in one process: <see cref="InPlace"/> reads the content's one write where
/// it lies (a body of the declared length, as RefitStj reads it), <see cref="Copied"/> copies that write into a pooled
/// array first and reads the copy (a body of unknown length; every buffered read before in-place reading). Processes
/// differ by more than a copy costs on a shared machine; rows of one process do not.
/// </summary>
/// <typeparam name="T">The payload type.</typeparam>
[MemoryDiagnoser]
[GenericTypeArguments(typeof(MyEventsListerViewModel))]
[GenericTypeArguments(typeof(List<Repository>))]
public class CollectorBenchmarks<T> : ICheckedBenchmark
{
    private static readonly JsonTypeInfo<T> s_typeInfo = (JsonTypeInfo<T>)FloorSerializer.Options.GetTypeInfo(typeof(T));
    private readonly Payload<T> _payload = Payloads.Get<T>();

    public void Check(object? result) => Verify.Payload(result, _payload);

    /// <summary>The content, and <c>JsonSerializer.Deserialize(span, typeInfo)</c> over the payload's bytes.</summary>
    [Benchmark(Baseline = true)]
    public T? Floor()
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        return FloorSerializer.Read<T>(_payload.Json);
    }

    [Benchmark]
    public T? InPlace() => Collect(_payload.Json.Length);

    [Benchmark]
    public T? Copied() => Collect(wholeLength: -1);

    private T? Collect(long wholeLength)
    {
        using var content = StubHandler.BufferedJsonContent(_payload.Json);
        using var collector = BodyCollector<T>.Rent(s_typeInfo, long.MaxValue, wholeLength);
        content.CopyToAsync(collector).GetAwaiter().GetResult();
        return collector.ReadValue();
    }
}
