using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// Which runtime executes this test run. A build for a given runtime (<c>-p:TestRuntimeVersion=8.0.33</c>) must run on
/// exactly that one, from its own folder: rolled forward onto the installed runtime, it would prove nothing about the
/// one asked for. Every run writes what executed it; CI's count prints that beside the run's results.
/// </summary>
public sealed class RuntimeTests(ITestOutputHelper output)
{
    private static readonly Assembly s_tests = typeof(RuntimeTests).Assembly;

    /// <summary>The runtime version the build was asked for, or <see langword="null"/> for a framework-dependent build.</summary>
    private static readonly string? s_requested = s_tests.GetCustomAttributes<AssemblyMetadataAttribute>()
        .SingleOrDefault(attribute => attribute.Key == "TestRuntimeVersion")?.Value;

    [Fact]
    public void Tests_Run_On_The_Runtime_The_Build_Asked_For()
    {
        var appFolder = Path.TrimEndingDirectorySeparator(AppContext.BaseDirectory);
        var runtimeFolder = Path.GetDirectoryName(typeof(object).Assembly.Location);
        output.WriteLine($"Tests ran on {RuntimeInformation.FrameworkDescription} from {runtimeFolder}");

        if (s_requested is { } requested)
        {
            // Self-contained: this runtime, loaded from the tests' own folder, never an installed one.
            Assert.Equal($".NET {requested}", RuntimeInformation.FrameworkDescription);
            Assert.Equal(requested, Environment.Version.ToString());
            Assert.Equal(appFolder, runtimeFolder);
        }
        else
        {
            // Framework-dependent: an installed runtime, the targeted one or (net8.0 here) a later one rolled forward onto.
            var targeted = new FrameworkName(s_tests.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName).Version;
            Assert.NotEqual(appFolder, runtimeFolder);
            Assert.True(Environment.Version >= targeted, $"{Environment.Version} is older than the targeted {targeted}.");
        }
    }
}
