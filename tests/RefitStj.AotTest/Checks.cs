using System.Globalization;
using System.Text;

namespace RefitStj.AotTest;

/// <summary>Counts and prints results, one line each, with what was found when a check fails.</summary>
internal sealed class Checks
{
    public int Passed { get; private set; }

    public int Failed { get; private set; }

    public void That(string what, bool ok, string found)
    {
        Passed += ok ? 1 : 0;
        Failed += ok ? 0 : 1;
        Console.WriteLine(ok ? $"ok   {what}" : $"FAIL {what}: found {found}");
    }

    public void Equal<T>(string what, T expected, T? actual) =>
        That(what, EqualityComparer<T>.Default.Equals(expected, actual!), actual?.ToString() ?? "null");

    public void Sequence<T>(string what, IReadOnlyList<T> expected, IReadOnlyList<T>? actual) =>
        That(what, actual is not null && actual.SequenceEqual(expected), actual is null ? "null" : string.Join(", ", actual));

    /// <summary>The body arrived byte for byte with its media type; a Content-Length, where sent (or required), is exact.</summary>
    public void Body(string what, ReceivedRequest request, string contentType, string expected, bool requireLength)
    {
        var bytes = Encoding.UTF8.GetBytes(expected);
        var lengthOk = request.ContentLength == bytes.Length || (!requireLength && request.ContentLength is null);
        That(what, request.Body.AsSpan().SequenceEqual(bytes) && request.ContentType == contentType && lengthOk,
            $"{request.Method} {request.Path} [{request.ContentType}; length {request.ContentLength?.ToString(CultureInfo.InvariantCulture) ?? "none"}] {Encoding.UTF8.GetString(request.Body)}");
    }
}
