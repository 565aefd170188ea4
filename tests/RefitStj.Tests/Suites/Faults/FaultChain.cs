using System.Text.Json;
using Refit;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>What a fault ended as: an exception's chain of types and messages, and what a user must be able to catch.</summary>
internal static class FaultChain
{
    public static string Describe(Exception? ex)
    {
        if (ex is null)
        {
            return "no exception";
        }

        var parts = new List<string>();
        for (var e = ex; e is not null; e = e.InnerException)
        {
            parts.Add($"{e.GetType().Name}: {e.Message}");
        }

        return string.Join(" <- ", parts);
    }

    /// <summary>
    /// A <c>Task&lt;T&gt;</c> or <c>ApiResponse&lt;T&gt;</c> read of a body that failed on the wire: an
    /// <see cref="ApiException"/> whose chain holds the transport's <see cref="IOException"/> (a reset connection, an
    /// HTTP/2 stream reset, a body short of its Content-Length), or, for a gzip stream that was itself cut but ended
    /// cleanly on the wire, the <see cref="JsonException"/> of a body that stops mid-value.
    /// </summary>
    /// <remarks>
    /// Without the limit handler, Refit 16.3 reads the content a second time after its buffering failed and reports
    /// that second read's failure (the consumed connection stream's InvalidOperationException, or the decompressor's
    /// ArgumentException), whichever serializer it runs on: that is Refit's, and Refit 16.4 reports the first.
    /// </remarks>
    public static void AssertTransportFault(Fault fault, Exception? ex, bool limitHandler)
    {
        var api = Assert.IsAssignableFrom<ApiException>(ex);
        var chain = Chain(api).ToList();
        if (fault == Fault.TruncatedGzip)
        {
            var json = Assert.IsAssignableFrom<JsonException>(api.InnerException);
            Assert.Contains("end of data", Describe(json), StringComparison.Ordinal);
            return;
        }

        if (limitHandler || chain.OfType<IOException>().Any())
        {
            var io = chain.OfType<IOException>().FirstOrDefault();
            Assert.True(io is not null, $"no IOException in {Describe(ex)}");
            Assert.Matches("reset|ended prematurely", io.Message);
            return;
        }

        Assert.True(
            chain.Any(e => e is InvalidOperationException { Message: "The stream was already consumed. It cannot be read again." } or ArgumentException { ParamName: "stream" }),
            $"neither the transport's fault nor Refit 16.3's second read: {Describe(ex)}");
    }

    /// <summary>A streamed read cut mid-body: the transport's own exception, not wrapped, after the items that did arrive.</summary>
    public static void AssertStreamFault(Exception? ex)
    {
        var io = Assert.IsAssignableFrom<IOException>(ex);
        Assert.Matches("reset", io.Message + io.InnerException?.Message);
    }

    private static IEnumerable<Exception> Chain(Exception ex)
    {
        for (var e = ex; e is not null; e = e.InnerException)
        {
            yield return e;
        }
    }
}
