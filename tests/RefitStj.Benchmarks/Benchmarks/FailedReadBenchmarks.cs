using System.Text.Json;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// A 1 KB repository read from a buffered content, whole and with its last-but-few value of the wrong type (a string
/// where a number belongs): what a failed read costs, with its message, against Refit's built-in serializer, and that
/// the success path pays nothing for the message. Uses only the public API, so the same class runs on older code.
/// </summary>
[MemoryDiagnoser]
public partial class FailedReadBenchmarks : ICheckedBenchmark
{
    private readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private readonly IHttpContentSerializer _refitStj = new StjContentSerializer();
    private readonly byte[] _good;
    private readonly byte[] _bad;

    public FailedReadBenchmarks()
    {
        using var floor = new FloorSerializer();
        _good = floor.Write(DataGenerator.CreateRepositories(1)[0]).ToArray();
        _bad = System.Text.Encoding.UTF8.GetBytes(ForksCount().Replace(System.Text.Encoding.UTF8.GetString(_good), "\"forksCount\":\"many\""));
    }

    [Benchmark(Baseline = true)]
    public object? RefitBuiltInFails() => Read(_refitBuiltIn, _bad);

    [Benchmark]
    public object? RefitStjFails() => Read(_refitStj, _bad);

    [Benchmark]
    public object? RefitBuiltInReads() => Read(_refitBuiltIn, _good);

    [Benchmark]
    public object? RefitStjReads() => Read(_refitStj, _good);

    public void Check(object? result)
    {
        if (result is not (Repository or string { Length: > 0 }))
        {
            throw new InvalidOperationException($"Expected a repository or a failure's message, got {result ?? "null"}.");
        }
    }

    // The message is the result: building it is part of what a failure costs.
    private static object? Read(IHttpContentSerializer serializer, byte[] body)
    {
        using var content = StubHandler.BufferedJsonContent(body);
        try
        {
            return serializer.FromHttpContentAsync<Repository>(content).GetAwaiter().GetResult();
        }
        catch (JsonException ex)
        {
            return ex.Message;
        }
    }

    [GeneratedRegex("\"forksCount\":[0-9]+")]
    private static partial Regex ForksCount();
}
