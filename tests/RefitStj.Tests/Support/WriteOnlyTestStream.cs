using RefitStj.IO;

namespace RefitStj.Tests.Support;

/// <summary>The shared shape of the tests' request-body sinks: the library's write-only stream, keeping what was written.</summary>
internal abstract class WriteOnlyTestStream : WriteOnlyStream
{
    private readonly MemoryStream _written = new();

    public byte[] Written => _written.ToArray();

    public override void Write(ReadOnlySpan<byte> buffer) => Keep(buffer);

    public override void Flush()
    {
    }

    /// <summary>Appends <paramref name="bytes"/> to <see cref="Written"/>.</summary>
    protected void Keep(ReadOnlySpan<byte> bytes) => _written.Write(bytes);
}
