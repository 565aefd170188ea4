namespace RefitStj.Tests.Limits;

public sealed class ResponseTooLargeExceptionTests
{
    [Fact]
    public void Only_RefitStj_Makes_One_So_Every_Instance_Carries_The_Limit_It_Applied()
    {
        Assert.Empty(typeof(ResponseTooLargeException).GetConstructors());
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
        HttpRequestException[] all =
        [
            ResponseTooLargeException.Counted(1, 2),
            ResponseTooLargeException.DeclaredToHandler(1, 2, System.Net.HttpStatusCode.OK),
            ResponseTooLargeException.CountedByHandler(1, 2, System.Net.HttpStatusCode.OK),
            ResponseTooLargeException.ItemTooLarge(1, 2, "An item"),
        ];

        Assert.All(all, ex => Assert.Equal(HttpRequestError.ConfigurationLimitExceeded, ex.HttpRequestError));
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
