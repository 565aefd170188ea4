using System.Net;

namespace RefitStj.Tests.Limits;

public sealed class ResponseStalledExceptionTests
{
    [Fact]
    public void Only_RefitStj_Makes_One_So_Every_Instance_Carries_The_Limit_It_Applied()
    {
        Assert.Empty(typeof(ResponseStalledException).GetConstructors());
    }

    [Fact]
    public void It_Names_The_Limit_And_The_Bytes_Read_And_Carries_A_Timeout_As_Its_Cause()
    {
        var ex = ResponseStalledException.Create(TimeSpan.FromMilliseconds(1500), bytesRead: 42, HttpStatusCode.Accepted);

        Assert.Equal(TimeSpan.FromMilliseconds(1500), ex.StallTimeout);
        Assert.Equal((HttpRequestError.Unknown, HttpStatusCode.Accepted), (ex.HttpRequestError, ex.StatusCode));
        Assert.StartsWith("The response body delivered nothing for 1.5 s (ResponseSizeLimitHandler.StallTimeout) after 42 bytes", ex.Message, StringComparison.Ordinal);
        Assert.IsType<TimeoutException>(ex.InnerException);
    }
}
