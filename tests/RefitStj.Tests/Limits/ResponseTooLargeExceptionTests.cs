namespace RefitStj.Tests.Limits;

public sealed class ResponseTooLargeExceptionTests
{
    [Fact]
    public void Public_Constructors_Keep_Their_Message_And_Cause_And_Leave_The_Sizes_Zero()
    {
        var cause = new IOException("reset");

        var bare = new ResponseTooLargeException();
        var withMessage = new ResponseTooLargeException("too big");
        var withCause = new ResponseTooLargeException("too big", cause);

        Assert.Contains("larger than the configured limit", bare.Message, StringComparison.Ordinal);
        Assert.Equal("too big", withMessage.Message);
        Assert.Equal("too big", withCause.Message);
        Assert.Same(cause, withCause.InnerException);
        Assert.All(new[] { bare, withMessage, withCause }, ex => Assert.Equal((0L, 0L), (ex.Limit, ex.Size)));
    }

    [Fact]
    public void The_Handlers_Failures_Say_What_Was_Read_And_Carry_The_Status()
    {
        var declared = ResponseTooLargeException.DeclaredToHandler(limit: 100, size: 250, System.Net.HttpStatusCode.NotFound);
        var counted = ResponseTooLargeException.CountedByHandler(limit: 100, size: 101, System.Net.HttpStatusCode.OK);

        Assert.Equal((100L, 250L, System.Net.HttpStatusCode.NotFound), (declared.Limit, declared.Size, declared.StatusCode));
        Assert.Contains("(ResponseSizeLimitHandler); nothing was read", declared.Message, StringComparison.Ordinal);
        Assert.Equal((100L, 101L, System.Net.HttpStatusCode.OK), (counted.Limit, counted.Size, counted.StatusCode));
        Assert.Contains("reading stopped after 101 bytes and the response was abandoned", counted.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void It_Is_An_HttpRequestException_For_A_Configured_Limit_As_HttpClients_Own_Buffer_Limit_Is()
    {
        HttpRequestException ex = new ResponseTooLargeException();

        Assert.Equal(HttpRequestError.ConfigurationLimitExceeded, ex.HttpRequestError);
        Assert.Equal(HttpRequestError.ConfigurationLimitExceeded, new ResponseTooLargeException("m", new IOException()).HttpRequestError);
    }

    [Fact]
    public void Counted_Names_The_Bytes_Read_When_Reading_Stopped()
    {
        var ex = ResponseTooLargeException.Counted(limit: 100, size: 101);

        Assert.Equal((100L, 101L), (ex.Limit, ex.Size));
        Assert.Contains("limit of 100 bytes (MaxResponseBodySize)", ex.Message, StringComparison.Ordinal);
        Assert.Contains("reading stopped after 101 bytes", ex.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("Content-Length", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ItemTooLarge_Names_The_Item_And_How_To_Raise_The_Limit()
    {
        var ex = ResponseTooLargeException.ItemTooLarge(limit: 10, size: 11, "Line 3 of the JSON Lines body");

        Assert.Equal((10L, 11L), (ex.Limit, ex.Size));
        Assert.StartsWith("Line 3 of the JSON Lines body passed the limit of 10 bytes", ex.Message, StringComparison.Ordinal);
        Assert.Contains("after 11 bytes", ex.Message, StringComparison.Ordinal);
        Assert.Contains("Raise StjContentSerializer.MaxStreamItemSize, or set it to null", ex.Message, StringComparison.Ordinal);
    }
}
