using Refit;

namespace RefitStj.BodyMemory;

/// <summary>
/// Allocation per request body written: <c>ToHttpContent</c> (or <c>ToHttpContentSynchronous</c>),
/// <c>CopyToAsync(Stream.Null)</c>, disposed, as <see cref="GC.GetAllocatedBytesForCurrentThread"/> differences: the first
/// (cold) write of each, then the MOST any write allocated after 12 warm-up writes (System.Text.Json samples a type's first
/// ten asynchronous writes), for RefitStj over the context (<c>new StjContentSerializer(context)</c>), its
/// <c>JsonTypeInfo&lt;T&gt;</c> overload, its synchronous (buffered) mode, and Refit's serializer over the same context.
/// Each body is also copied once into memory and compared with the bytes it must be.
/// </summary>
internal static class WriteMode
{
    /// <summary>What a RefitStj write may allocate in <c>--smoke</c> (the content and its segment list are under 1 KB).</summary>
    private const long SmokeLimit = 4 * 1024;

    private const int WarmUps = 12;

    public static async Task<int> RunAsync(bool smoke)
    {
        Report.Header(smoke ? "write --smoke" : "write");
        long[] sizes = smoke ? [256 * 1024, 2 * 1024 * 1024] : [2 * 1024 * 1024, 10 * 1024 * 1024, 64 * 1024 * 1024];
        var writes = smoke ? 3 : 8;
        var stj = new StjContentSerializer(BodyJsonContext.Default);
        var refit = new SystemTextJsonContentSerializer(BodyJsonContext.Default.Options);
        var failures = 0;
        var rows = new List<string[]>();
        foreach (var size in sizes)
        {
            var body = Body.Create(size);
            var forContext = await MeasureAsync(() => stj.ToHttpContent(body.Value), body, writes).ConfigureAwait(false);
            var typeInfo = await MeasureAsync(() => stj.ToHttpContent(body.Value, BodyJsonContext.Default.ListItem), body, writes).ConfigureAwait(false);
            var synchronous = await MeasureAsync(() => stj.ToHttpContentSynchronous(body.Value), body, writes).ConfigureAwait(false);
            var builtIn = await MeasureAsync(() => refit.ToHttpContent(body.Value), body, writes).ConfigureAwait(false);
            rows.Add([body.Size, forContext.Text, typeInfo.Text, synchronous.Text, builtIn.Text]);
            failures += forContext.Failures + typeInfo.Failures + synchronous.Failures + builtIn.Failures;
            if (smoke && (forContext.Allocated > SmokeLimit || typeInfo.Allocated > SmokeLimit || synchronous.Allocated > SmokeLimit))
            {
                Console.Error.WriteLine($"FAILED: a RefitStj write of {body.Size} allocated more than {SmokeLimit:N0} B");
                failures++;
            }
        }

        Report.Table(["Body", "RefitStj over the context (cold; most after warm-up)", "RefitStj, JsonTypeInfo<T>", "RefitStj, ToHttpContentSynchronous", "Refit's serializer, same context"], rows);
        return failures;
    }

    private static async Task<Result> MeasureAsync(Func<HttpContent> write, Body body, int writes)
    {
        var cold = -1L;
        var most = -1L;
        long? length = null;
        var failures = 0;
        for (var i = -WarmUps; i < writes; i++)
        {
            var thread = Environment.CurrentManagedThreadId;
            var before = GC.GetAllocatedBytesForCurrentThread();
            using (var content = write())
            {
                await content.CopyToAsync(Stream.Null).ConfigureAwait(false);
                length = content.Headers.ContentLength;
            }

            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            // A write that went on on another thread counted only part of its allocations on this one: not a sample.
            if (thread != Environment.CurrentManagedThreadId)
            {
                Console.Error.WriteLine($"FAILED: a write of {body.Size} did not stay on one thread");
                failures++;
            }
            else if (i == -WarmUps)
            {
                cold = allocated;
            }
            else if (i >= 0)
            {
                most = Math.Max(most, allocated);
            }
        }

        failures += await CheckAsync(write, body).ConfigureAwait(false);
        var text = $"{Report.Bytes(cold)}; {most:N0} B, " + (length is null ? "chunked" : length == body.Json.Length ? "exact length" : $"WRONG length {length}");
        return new Result(most, text, failures);
    }

    private static async Task<int> CheckAsync(Func<HttpContent> write, Body body)
    {
        using var content = write();
        using var copy = new MemoryStream(body.Json.Length);
        await content.CopyToAsync(copy).ConfigureAwait(false);
        if (copy.GetBuffer().AsSpan(0, (int)copy.Length).SequenceEqual(body.Json)
            && (content.Headers.ContentLength is null || content.Headers.ContentLength == body.Json.Length))
        {
            return 0;
        }

        Console.Error.WriteLine($"FAILED: a body of {body.Size} was not written as expected");
        return 1;
    }

    private readonly record struct Result(long Allocated, string Text, int Failures);
}
