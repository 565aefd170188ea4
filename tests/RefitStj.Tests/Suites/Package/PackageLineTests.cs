#if NET10_0_OR_GREATER
namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// What each line's package gives the apps that restore it from the packed nupkg: the frameworks and Refit versions it
/// serves build and run; what it does not serve NuGet stops at restore, with NuGet's own message. Line 16: net8.0 and
/// net10.0 apps on Refit 16.3.0 and 16.4.0, and a net8.0 app that asks for Refit 17. Line 17: a net10.0 app on Refit 17.0.0,
/// and a net8.0 app (Refit 17 has no net8.0).
/// </summary>
/// <remarks>
/// Restores and builds real apps (net8.0 ones too), and depends on no runtime the tests run on: compiled into the net10.0
/// test build only, and CI runs them once per line (README's command and the Refit 17 run), leaving them out of the
/// runtime and Refit-patch runs by their trait.
/// </remarks>
[Collection(SharesThePackedPackage.Name)]
[Trait("Category", Category)]
public sealed class PackageLineTests(PackedPackage package)
{
    /// <summary>The trait CI filters on.</summary>
    public const string Category = "PackageLines";

    [Theory]
#if REFIT17
    [InlineData("net10.0", "17.0.0")]
#else
    [InlineData("net8.0", "16.3.0")]
    [InlineData("net8.0", "16.4.0")]
    [InlineData("net10.0", "16.3.0")]
    [InlineData("net10.0", "16.4.0")]
#endif
    public void App_Restores_Builds_And_Runs_On(string framework, string refitVersion)
    {
        var (output, resolved) = ConsumerApp.Run(package, $"app-{framework}-refit-{refitVersion}", framework, refitVersion);

        Assert.Equal((package.Version, refitVersion), resolved);
        ConsumerApp.AssertRoundTrip(output);
    }

#if REFIT17
    [Fact]
    public void App_Asking_For_Refit_16_Is_Refused_At_Restore_NU1605()
    {
        var (exitCode, output) = ConsumerApp.Restore(package, "app-net10.0-refit-16", "net10.0", "16.4.0");

        Assert.NotEqual(0, exitCode);
        Assert.Contains("error NU1605: Warning As Error: Detected package downgrade: Refit from 17.0.0 to 16.4.0.", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Net8_App_Is_Refused_At_Restore_NU1202()
    {
        var (exitCode, output) = ConsumerApp.Restore(package, "app-net8.0", "net8.0", refitVersion: null);

        Assert.NotEqual(0, exitCode);
        Assert.Contains(
            $"error NU1202: Package RefitStj {package.Version} is not compatible with net8.0 (.NETCoreApp,Version=v8.0). Package RefitStj {package.Version} supports: net10.0 (.NETCoreApp,Version=v10.0)",
            output,
            StringComparison.Ordinal);
    }
#else
    [Fact]
    public void Net8_App_Asking_For_Refit_17_Gets_NuGets_NU1608_Warning_And_Restores()
    {
        // NU1608 is a warning by default: restore goes on and resolves Refit 17 (which has no net8.0 asset). Only an app
        // that makes NU1608 (or every warning) an error is refused (the next test).
        var (exitCode, output) = ConsumerApp.Restore(package, "app-net8.0-refit-17-warned", "net8.0", "17.0.0");

        Assert.Equal(0, exitCode);
        Assert.Contains($"warning NU1608: {OutsideRange}", output, StringComparison.Ordinal);
    }

    [Fact]
    public void Net8_App_Asking_For_Refit_17_Is_Refused_At_Restore_When_NU1608_Is_An_Error()
    {
        var (exitCode, output) = ConsumerApp.Restore(package, "app-net8.0-refit-17-refused", "net8.0", "17.0.0", "<WarningsAsErrors>NU1608</WarningsAsErrors>");

        // NU1608 alone stops it: the other warnings of that graph (NU1701, Refit 17's .NETFramework dependencies) stay warnings.
        Assert.NotEqual(0, exitCode);
        Assert.Contains($"error NU1608: Warning As Error: {OutsideRange}", output, StringComparison.Ordinal);
        Assert.DoesNotContain("error NU1701", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("net8.0")]
    [InlineData("net10.0")]
    public void App_That_Moves_Refit_To_17_Fails_Its_Build_With_RSTJ900_Naming_The_Line_To_Take(string framework)
    {
        // NuGet only warns (NU1608): a net10.0 app would build, then throw MissingMethodException or send 16's wire on
        // 17; a net8.0 app gets no Refit assembly (17 has no net8.0 build) and would fail on every Refit type instead.
        var (exitCode, output) = ConsumerApp.Build(package, $"app-{framework}-refit-17", framework, "17.0.0");

        Assert.NotEqual(0, exitCode);
        Assert.DoesNotContain("error CS", output, StringComparison.Ordinal);
        Assert.Contains(
            $"error RSTJ900: RefitStj {package.Version} is built for Refit 16.x, but this project uses Refit 17.0.0. Reference the RefitStj line of that Refit (RefitStj 17.x), or keep Refit at 16.x.",
            output,
            StringComparison.Ordinal);
    }

    private string OutsideRange =>
        $"Detected package version outside of dependency constraint: RefitStj {package.Version} requires Refit (>= 16.3.0 && < 17.0.0) but version Refit 17.0.0 was resolved.";
#endif
}
#endif
