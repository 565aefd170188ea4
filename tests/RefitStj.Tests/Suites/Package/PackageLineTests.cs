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

    private const string SkipHint = "Set RefitStjSkipRefitLineCheck to true to build anyway.";

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

    [Fact]
    public void App_On_Refit_HttpClientFactory_16_Fails_Its_Build_With_RSTJ900_Naming_The_Factory()
    {
        // Refit.HttpClientFactory 16.4 puts no upper bound on Refit: NuGet moves Refit to 17 without a word, and the app
        // then threw MissingMethodException from AddRefitClient at run time.
        var (exitCode, output) = ConsumerApp.BuildProject(
            package,
            "app-net10.0-factory-16",
            ConsumerApp.ProjectWith("net10.0", $"""<PackageReference Include="RefitStj" Version="{package.Version}" /><PackageReference Include="Refit.HttpClientFactory" Version="16.4.0" />"""));

        Assert.NotEqual(0, exitCode);
        Assert.DoesNotContain("error CS", output, StringComparison.Ordinal);
        Assert.Contains(
            $"error RSTJ900: Refit.HttpClientFactory 16.4.0 is built for Refit 16.x, but this project uses Refit 17.0.0 through RefitStj {package.Version}. Reference Refit.HttpClientFactory 17.x, or RefitStj 16.x with Refit 16.x. {SkipHint}",
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

    [Fact]
    public void Net10_App_That_Moves_Refit_To_17_Fails_Its_Build_With_RSTJ900_Naming_The_Line_To_Take()
    {
        // NuGet only warns (NU1608): the app would build, then throw MissingMethodException or send 16's wire on 17.
        var (exitCode, output) = ConsumerApp.Build(package, "app-net10.0-refit-17", "net10.0", "17.0.0");

        Assert.NotEqual(0, exitCode);
        Assert.DoesNotContain("error CS", output, StringComparison.Ordinal);
        Assert.Contains(MovedTo17(), output, StringComparison.Ordinal);
    }

    [Fact]
    public void Net8_App_That_Moves_Refit_To_17_Fails_Its_Build_With_RSTJ900_Before_Compiling()
    {
        // Refit 17 has no net8.0 build: the app gets no Refit assembly and would fail on every Refit type.
        var (exitCode, output) = ConsumerApp.Build(package, "app-net8.0-refit-17", "net8.0", "17.0.0");

        Assert.NotEqual(0, exitCode);
        Assert.DoesNotContain("error CS", output, StringComparison.Ordinal);
        Assert.Contains(NoRefitFor("net8.0"), output, StringComparison.Ordinal);
    }

    [Fact]
    public void App_Whose_Central_Pinning_Leaves_Refit_Out_Fails_Its_Build_With_RSTJ900()
    {
        // Pinning Refit 17 centrally under the 16 line drops Refit from the graph without a word from NuGet.
        var (exitCode, output) = ConsumerApp.BuildProject(
            package,
            "app-net10.0-pinned-refit-17",
            ConsumerApp.ProjectWith("net10.0", """<PackageReference Include="RefitStj" />"""),
            files: new Dictionary<string, string>
            {
                ["Directory.Packages.props"] = $"""
                    <Project>
                      <PropertyGroup>
                        <ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally>
                        <CentralPackageTransitivePinningEnabled>true</CentralPackageTransitivePinningEnabled>
                      </PropertyGroup>
                      <ItemGroup>
                        <PackageVersion Include="RefitStj" Version="{package.Version}" />
                        <PackageVersion Include="Refit" Version="17.0.0" />
                      </ItemGroup>
                    </Project>
                    """,
            });

        Assert.NotEqual(0, exitCode);
        Assert.DoesNotContain("error CS", output, StringComparison.Ordinal);
        Assert.Contains(
            $"error RSTJ900: RefitStj {package.Version} is built for Refit 16.x, but this project gets no Refit assembly for net10.0 (central package pinning, for one, can leave Refit out of the graph). Reference Refit 16.x. {SkipHint}",
            output,
            StringComparison.Ordinal);
    }

    [Fact]
    public void A_Design_Time_Build_Gets_RSTJ900_As_A_Warning_And_Keeps_Its_References()
    {
        // An error there would leave the IDE with no references and no compiler arguments for the project.
        var (exitCode, references, log) = ConsumerApp.DesignTimeBuild(package, "app-net10.0-refit-17-design-time", "net10.0", "17.0.0");

        Assert.True(exitCode == 0, log);
        Assert.Contains(MovedTo17().Replace("error RSTJ900", "warning RSTJ900", StringComparison.Ordinal), log, StringComparison.Ordinal);
        Assert.DoesNotContain("error RSTJ900", log, StringComparison.Ordinal);
        Assert.Contains("/refit/17.0.0/lib/net10.0/Refit.dll", references, StringComparison.Ordinal);
        Assert.Contains("/lib/net10.0/RefitStj.dll", references, StringComparison.Ordinal);
    }

    [Fact]
    public void Each_Framework_Of_A_Multi_Targeted_App_Is_Checked_Against_Its_Own_Refit()
    {
        // net10.0 on Refit 17 without RefitStj is fine; net8.0 on RefitStj 16 with Refit 16.4 is fine: the app builds.
        var (goodExit, goodOutput) = ConsumerApp.BuildProject(
            package,
            "app-multi-good",
            ConsumerApp.ProjectWith("net8.0;net10.0", $"""
                <PackageReference Include="Refit" Version="17.0.0" Condition="'$(TargetFramework)' == 'net10.0'" />
                <PackageReference Include="RefitStj" Version="{package.Version}" Condition="'$(TargetFramework)' == 'net8.0'" />
                <PackageReference Include="Refit" Version="16.4.0" Condition="'$(TargetFramework)' == 'net8.0'" />
                """),
            "#if NET8_0\n" + ConsumerApp.Program + "\n#else\nConsole.WriteLine(\"net10.0 on Refit 17 alone\");\n#endif\n");

        // RefitStj 16 on both, Refit 16.4 on net10.0 and 17 on net8.0: only net8.0 is refused, before compiling.
        var (badExit, badOutput) = ConsumerApp.BuildProject(
            package,
            "app-multi-bad",
            ConsumerApp.ProjectWith("net8.0;net10.0", $"""
                <PackageReference Include="RefitStj" Version="{package.Version}" />
                <PackageReference Include="Refit" Version="16.4.0" Condition="'$(TargetFramework)' == 'net10.0'" />
                <PackageReference Include="Refit" Version="17.0.0" Condition="'$(TargetFramework)' == 'net8.0'" />
                """));

        Assert.True(goodExit == 0, goodOutput);
        Assert.DoesNotContain("RSTJ900", goodOutput, StringComparison.Ordinal);
        Assert.NotEqual(0, badExit);
        Assert.DoesNotContain("error CS", badOutput, StringComparison.Ordinal);
        Assert.Contains(NoRefitFor("net8.0"), badOutput, StringComparison.Ordinal);
        Assert.DoesNotContain("uses Refit 16.4.0", badOutput, StringComparison.Ordinal);
    }

    private string MovedTo17() =>
        $"error RSTJ900: RefitStj {package.Version} is built for Refit 16.x, but this project uses Refit 17.0.0. Reference RefitStj 17.x (the line for that Refit), or keep Refit at 16.x. {SkipHint}";

    private string NoRefitFor(string framework) =>
        $"error RSTJ900: RefitStj {package.Version} is built for Refit 16.x, but this project gets no Refit assembly for {framework} (Refit 17 has none before net10.0). Reference Refit 16.x. {SkipHint}";

    private string OutsideRange =>
        $"Detected package version outside of dependency constraint: RefitStj {package.Version} requires Refit (>= 16.3.0 && < 17.0.0) but version Refit 17.0.0 was resolved.";
#endif
}
#endif
