using System.Text;
using BenchmarkDotNet.Attributes;
using Refit;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Benchmarks;

/// <summary>
/// <c>FromHttpContentAsync</c> on a repository listing of about <see cref="Kilobytes"/> KB sent as UTF-16
/// (<c>charset=utf-16</c>), so the body is transcoded to UTF-8 before System.Text.Json reads it. Buffered: the content
/// loaded as Refit loads it. Trickling: an unbuffered content whose stream hands out at most 1,460 bytes a read (one TCP
/// segment), as a body arriving on a connection does.
/// </summary>
[MemoryDiagnoser]
public class NonUtf8ReadBenchmarks : ICheckedBenchmark
{
    private readonly IHttpContentSerializer _refitBuiltIn = RefitDefaultSerializer.Create();
    private readonly IHttpContentSerializer _refitStj = new StjContentSerializer();
    private Payload<List<Repository>> _payload = null!;
    private byte[] _utf16 = null!;

    /// <summary>The body's size in UTF-8, in KB (about twice that on the wire as UTF-16).</summary>
    [Params(16, 1024)]
    public int Kilobytes { get; set; } = 16;

    [Params(false, true)]
    public bool Trickling { get; set; }

    [GlobalSetup]
    public void GlobalSetup()
    {
        // ~1,130 bytes a repository: enough of them to reach the size.
        var value = DataGenerator.CreateRepositories((int)(Kilobytes * 1024L / 1_130) + 1);
        using var floor = new FloorSerializer();
        _payload = new Payload<List<Repository>>(value, floor.Write(value).ToArray());
        _utf16 = Encoding.Unicode.GetBytes(Encoding.UTF8.GetString(_payload.Json));
    }

    public void Check(object? result) => Verify.Payload(result, _payload);

    [Benchmark(Baseline = true)]
    public Task<List<Repository>?> RefitBuiltIn() => ReadAsync(_refitBuiltIn);

    [Benchmark]
    public Task<List<Repository>?> RefitStj() => ReadAsync(_refitStj);

    private async Task<List<Repository>?> ReadAsync(IHttpContentSerializer serializer)
    {
        using var content = new StreamContent(Trickling ? new TricklingStream(_utf16) : new MemoryStream(_utf16, writable: false));
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=utf-16");
        if (!Trickling)
        {
            await content.LoadIntoBufferAsync();
        }

        return await serializer.FromHttpContentAsync<List<Repository>>(content);
    }

    /// <summary>A read-only stream over bytes that returns at most one TCP segment's worth per read, completing asynchronously.</summary>
    private sealed class TricklingStream(byte[] bytes) : Stream
    {
        private const int SegmentSize = 1_460;
        private int _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            var count = Math.Min(Math.Min(buffer.Length, SegmentSize), bytes.Length - _position);
            bytes.AsSpan(_position, count).CopyTo(buffer);
            _position += count;
            return count;
        }

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await Task.Yield();
            return Read(buffer.Span);
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
