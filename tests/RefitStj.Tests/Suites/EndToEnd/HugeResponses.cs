using System.IO.Compression;
using System.Text;
using Microsoft.AspNetCore.Http;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.EndToEnd;

/// <summary>What a hostile or broken server sends, generated as it is written (never held whole).</summary>
public enum HugeBody
{
    /// <summary>A 1 GiB JSON array of people, chunked.</summary>
    Chunked,

    /// <summary>The same array with its Content-Length.</summary>
    ContentLength,

    /// <summary>The same array in concatenated gzip members: about 3 MB on the wire.</summary>
    Gzip,

    /// <summary>The same array in Brotli: about 230 KB on the wire.</summary>
    Brotli,

    /// <summary>A 500 whose chunked body is the same array.</summary>
    ErrorStatus,

    /// <summary>A JSON array whose elements never end.</summary>
    Endless,

    /// <summary>JSON Lines (application/jsonl) that never end.</summary>
    EndlessLines,

    /// <summary>Server-sent events (text/event-stream) that never end.</summary>
    EndlessEvents,

    /// <summary>A JSON array whose first element never ends.</summary>
    EndlessElement,
}

/// <summary>
/// Serves <see cref="HugeBody"/> responses on <c>/people?body=...</c>, and a slow two-element array on <c>/slow</c> whose
/// second element is written only once <see cref="ReleaseSecond"/> is called. Each response ends as soon as the client
/// has gone, and records whether it saw that happen before its end and the bytes of JSON it wrote until then (before
/// compression; over HTTP/1.1 Kestrel may accept writes for a while after the connection closed, discarding them).
/// </summary>
internal sealed class HugeResponses
{
    public const long OneGiB = 1L << 30;

    private const int ChunkSize = 1 << 20;

    // 64-byte elements, 16,384 to a chunk: 1,024 chunks make a 1 GiB array.
    private static readonly byte[] s_chunk = CreateChunk();
    private static readonly byte[] s_linesChunk = CreateChunk("\n");
    private static readonly byte[] s_eventsChunk = CreateChunk("\n\n", "data: ");
    private static readonly byte[] s_elementChunk = Encoding.UTF8.GetBytes(new string('n', ChunkSize));
    private static readonly byte[] s_head = "["u8.ToArray();
    private static readonly byte[] s_tail = """{"name":"last","age":0}]"""u8.ToArray();
    private static readonly Lazy<byte[]> s_gzipChunk = new(() => Gzip(s_chunk));
    private static readonly Lazy<byte[]> s_brotli = new(CreateBrotli);

    private readonly TaskCompletionSource<(long Written, bool ClientWent)> _finished = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _second = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public static long ArrayLength => s_head.Length + (OneGiB / ChunkSize * (long)ChunkSize) + s_tail.Length;

    /// <summary>
    /// When set, each chunk of an endless array, line or event stream waits for one release of this semaphore before it is
    /// written, so a test can have the client read everything sent before it measures: nothing is then in flight.
    /// </summary>
    public SemaphoreSlim? Pace { get; init; }

    /// <summary>Once the last response has ended: the bytes of JSON it wrote, and whether the client went before its end.</summary>
    public Task<(long Written, bool ClientWent)> Finished => _finished.Task;

    public void ReleaseSecond() => _second.TrySetResult();

    /// <summary>How many people one chunk of an endless array, line or event stream holds.</summary>
    public static int PeoplePerChunk(HugeBody body) => body switch
    {
        HugeBody.Endless => s_chunk.Length / 64,
        HugeBody.EndlessLines => s_linesChunk.Length / 64,
        HugeBody.EndlessEvents => s_eventsChunk.Length / 71,
        _ => throw new ArgumentOutOfRangeException(nameof(body), body, "not a stream of people"),
    };

    /// <summary>Builds the compressed bodies now, so that a test measuring allocations does not count them.</summary>
    public static void Prepare() => _ = (s_gzipChunk.Value, s_brotli.Value);

    public async Task ServeAsync(HttpContext context)
    {
        long written = 0;
        var clientWent = false;
        try
        {
            context.Response.ContentType = "application/json";
            if (context.Request.Path == "/slow")
            {
                await WriteAsync(context, """[{"name":"first","age":1}"""u8.ToArray());
                await _second.Task.WaitAsync(TimeSpan.FromSeconds(20), context.RequestAborted);
                await WriteAsync(context, """,{"name":"second","age":2}]"""u8.ToArray());
                return;
            }

            await foreach (var json in BodyAsync(context, Enum.Parse<HugeBody>(context.Request.Query["body"].ToString()), Pace))
            {
                written += json;
            }

            // All written (or accepted and discarded): a client that went before the end resets or closes soon after.
            await Task.Delay(TimeSpan.FromSeconds(10), context.RequestAborted);
        }
        catch (Exception ex) when (ex is IOException or OperationCanceledException)
        {
            // The client went away: stop writing.
            clientWent = true;
        }
        finally
        {
            _finished.TrySetResult((written, clientWent));
        }
    }

    /// <summary>Writes the body, yielding the bytes of JSON each write stands for.</summary>
    private static async IAsyncEnumerable<long> BodyAsync(HttpContext context, HugeBody body, SemaphoreSlim? pace)
    {
        var response = context.Response;
        switch (body)
        {
            case HugeBody.ContentLength:
                response.ContentLength = ArrayLength;
                break;
            case HugeBody.ErrorStatus:
                response.StatusCode = StatusCodes.Status500InternalServerError;
                break;
            case HugeBody.Gzip:
                response.Headers.ContentEncoding = "gzip";
                await WriteAsync(context, Gzip(s_head));
                for (var i = 0; i < OneGiB / ChunkSize; i++)
                {
                    await WriteAsync(context, s_gzipChunk.Value);
                    yield return ChunkSize;
                }

                await WriteAsync(context, Gzip(s_tail));
                yield break;
            case HugeBody.Brotli:
                response.Headers.ContentEncoding = "br";
                await WriteAsync(context, s_brotli.Value);
                yield return ArrayLength;
                yield break;
            case HugeBody.EndlessLines or HugeBody.EndlessEvents or HugeBody.EndlessElement:
                response.ContentType = body switch
                {
                    HugeBody.EndlessLines => "application/jsonl",
                    HugeBody.EndlessEvents => "text/event-stream",
                    _ => "application/json",
                };
                var chunk = body switch
                {
                    HugeBody.EndlessLines => s_linesChunk,
                    HugeBody.EndlessEvents => s_eventsChunk,
                    _ => s_elementChunk,
                };
                if (body == HugeBody.EndlessElement)
                {
                    yield return await WriteAsync(context, "[{\"name\":\""u8.ToArray());
                }

                while (true)
                {
                    await WaitForPaceAsync(context, pace);
                    yield return await WriteAsync(context, chunk);
                }
        }

        yield return await WriteAsync(context, s_head);
        for (var i = 0; body == HugeBody.Endless || i < OneGiB / ChunkSize; i++)
        {
            await WaitForPaceAsync(context, body == HugeBody.Endless ? pace : null);
            yield return await WriteAsync(context, s_chunk);
        }

        yield return await WriteAsync(context, s_tail);
    }

    private static async Task WaitForPaceAsync(HttpContext context, SemaphoreSlim? pace)
    {
        // Each write before this one was flushed (PipeWriter.WriteAsync flushes): the client can read all of it meanwhile.
        if (pace is not null)
        {
            await pace.WaitAsync(context.RequestAborted);
        }
    }

    private static async Task<long> WriteAsync(HttpContext context, byte[] bytes)
    {
        // Once the connection is gone, Kestrel completes HTTP/1.1 writes unsent, at once, until it signals RequestAborted
        // from the thread pool: yield so that it can.
        await Task.Yield();
        var flushed = await context.Response.BodyWriter.WriteAsync(bytes, context.RequestAborted);
        if (flushed.IsCompleted || flushed.IsCanceled)
        {
            throw new OperationCanceledException("The client went away.");
        }

        return bytes.Length;
    }

    // 64-byte array elements fill a chunk exactly; lines and events fill it with as many whole ones as fit.
    private static byte[] CreateChunk(string separator = ",", string prefix = "")
    {
        var element = Encoding.UTF8.GetBytes(prefix + $$"""{"name":"{{new string('n', 44)}}","age":7}""" + separator);
        var chunk = new byte[ChunkSize / element.Length * element.Length];
        for (var offset = 0; offset < chunk.Length; offset += element.Length)
        {
            element.CopyTo(chunk, offset);
        }

        return chunk;
    }

    // Members of a gzip stream decompress to their concatenation: one compressed chunk stands for every chunk.
    private static byte[] Gzip(byte[] bytes)
    {
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.SmallestSize))
        {
            gzip.Write(bytes);
        }

        return compressed.ToArray();
    }

    // Brotli streams do not concatenate: the whole array compressed once (about 0.2 s), fed chunk by chunk.
    private static byte[] CreateBrotli()
    {
        using var compressed = new MemoryStream();
        using (var brotli = new BrotliStream(compressed, CompressionLevel.Fastest))
        {
            brotli.Write(s_head);
            for (var i = 0; i < OneGiB / ChunkSize; i++)
            {
                brotli.Write(s_chunk);
            }

            brotli.Write(s_tail);
        }

        return compressed.ToArray();
    }
}
