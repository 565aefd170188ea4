namespace RefitStj.Demo.Tests;

public sealed class DemoOptionsTests
{
    [Fact]
    public void Defaults_Start_The_Embedded_Server_And_Compare()
    {
        Assert.True(DemoOptions.TryParse([], out var options, out _));

        Assert.Null(options.BaseUrl);
        Assert.Equal("dotnet", options.Org);
        Assert.Equal(TimeSpan.FromSeconds(1.5), options.Duration);
        Assert.True(options.Compare);
        Assert.False(options.ShowHelp);
    }

    [Fact]
    public void Base_Url_Turns_The_Comparison_Off_Unless_Asked()
    {
        Assert.True(DemoOptions.TryParse(["--base-url", "https://api.example.test/v3"], out var reads, out _));
        Assert.True(DemoOptions.TryParse(["--base-url=https://api.example.test/", "--compare"], out var compares, out _));

        Assert.Equal(new Uri("https://api.example.test/v3/"), reads.BaseUrl); // a trailing slash keeps /v3 when paths are resolved
        Assert.False(reads.Compare);
        Assert.True(compares.Compare);
    }

    [Theory]
    [InlineData("0.2", 200)]
    [InlineData("3", 3000)]
    [InlineData("1e-1", 100)]
    public void Duration_Is_Read_In_Seconds_Whatever_The_Culture(string value, int milliseconds)
    {
        var culture = Thread.CurrentThread.CurrentCulture;
        Thread.CurrentThread.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
        try
        {
            Assert.True(DemoOptions.TryParse(["--duration", value], out var options, out var error), error);
            Assert.Equal(TimeSpan.FromMilliseconds(milliseconds), options.Duration);
        }
        finally
        {
            Thread.CurrentThread.CurrentCulture = culture;
        }
    }

    [Fact]
    public void Errors_Name_The_Argument()
    {
        Assert.False(DemoOptions.TryParse(["--org"], out _, out var missing));
        Assert.False(DemoOptions.TryParse(["--nope"], out _, out var unknown));

        Assert.Equal("--org needs a value.", missing);
        Assert.Equal("Unknown argument '--nope'.", unknown);
    }
}
