using System.Text.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>
/// A user's console app on the packed package: a generated Refit client (RestService.ForGenerated, as Refit 16 and 17
/// users alike create one) with RefitStj as its serializer, POSTing a body to an echoing handler and reading it back.
/// </summary>
internal static class ConsumerApp
{
#if REFIT17
    public const string LineFloor = "17.0.0";
#else
    public const string LineFloor = "16.3.0";
#endif

    public const string Program = """
        using System.Net;
        using Refit;
        using RefitStj;

        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(), Buffered = true };
        var api = RestService.ForGenerated<IPeopleApi>(new HttpClient(new Echo()) { BaseAddress = new Uri("http://localhost") }, settings);
        var person = await api.Create(new Person("Ada", 36));
        Console.WriteLine($"consumer: GET {person!.Name}, {person.Age}");

        public interface IPeopleApi
        {
            [Post("/people")]
            Task<Person?> Create([Body] Person person);
        }

        public sealed record Person(string Name, int Age);

        internal sealed class Echo : HttpMessageHandler
        {
            protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
            {
                var body = await request.Content!.ReadAsByteArrayAsync(cancellationToken);
                Console.WriteLine($"consumer: POST {System.Text.Encoding.UTF8.GetString(body)} with Content-Length {request.Content.Headers.ContentLength}");
                return new(HttpStatusCode.OK) { Content = new ByteArrayContent(body) };
            }
        }
        """;

    /// <summary>Restores, builds and runs the app; returns its output and the RefitStj and Refit versions restore resolved.</summary>
    public static (string Output, (string RefitStj, string Refit) Resolved) Run(PackedPackage package, string name, string framework, string refitVersion)
    {
        var app = package.NewApp(name, Project(framework, package.Version, refitVersion, "<TreatWarningsAsErrors>true</TreatWarningsAsErrors>"), Program);
        var output = Repository.Dotnet("run", "--project", app, "-c", "Release", "-nodeReuse:false");
        return (output, (Resolved(app, "RefitStj"), Resolved(app, "Refit")));
    }

    /// <summary>Restores the app alone, with <paramref name="properties"/> in its project: its exit code and output (restore's warnings and errors).</summary>
    public static (int ExitCode, string Output) Restore(PackedPackage package, string name, string framework, string? refitVersion, string properties = "")
    {
        var app = package.NewApp(name, Project(framework, package.Version, refitVersion, properties), Program);
        var environment = new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1", ["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0" };
        var (exitCode, output, error) = Repository.Run("dotnet", ["restore", app, "-nodeReuse:false"], TimeSpan.FromMinutes(5), environment);
        return (exitCode, output + error);
    }

    /// <summary>Restores and builds the app: its exit code and output (the build's warnings and errors).</summary>
    public static (int ExitCode, string Output) Build(PackedPackage package, string name, string framework, string refitVersion)
    {
        var app = package.NewApp(name, Project(framework, package.Version, refitVersion, ""), Program);
        var environment = new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1", ["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0" };
        var (exitCode, output, error) = Repository.Run("dotnet", ["build", app, "-c", "Release", "-nodeReuse:false"], TimeSpan.FromMinutes(5), environment);
        return (exitCode, output + error);
    }

    /// <summary>Restores and builds an app whose project file is <paramref name="project"/>: its exit code and output.</summary>
    public static (int ExitCode, string Output) BuildProject(
        PackedPackage package, string name, string project, string program = Program, IReadOnlyDictionary<string, string>? files = null)
    {
        var app = package.NewApp(name, project, program);
        foreach (var (file, text) in files ?? new Dictionary<string, string>())
        {
            File.WriteAllText(Path.Combine(app, file), text);
        }

        var environment = new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1", ["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0" };
        var (exitCode, output, error) = Repository.Run("dotnet", ["build", app, "-c", "Release", "-nodeReuse:false"], TimeSpan.FromMinutes(5), environment);
        return (exitCode, output + error);
    }

    /// <summary>
    /// Restores the app, then builds it as an IDE's design-time build does (references and compiler arguments, no
    /// compile): its exit code, its ReferencePath items (JSON) and its log.
    /// </summary>
    public static (int ExitCode, string References, string Log) DesignTimeBuild(PackedPackage package, string name, string framework, string refitVersion)
    {
        var app = package.NewApp(name, Project(framework, package.Version, refitVersion, ""), Program);
        var environment = new Dictionary<string, string> { ["MSBUILDDISABLENODEREUSE"] = "1", ["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0" };
        var (restoreExit, restoreOutput, restoreError) = Repository.Run("dotnet", ["restore", app, "-nodeReuse:false"], TimeSpan.FromMinutes(5), environment);
        Assert.True(restoreExit == 0, restoreOutput + restoreError);
        var (exitCode, output, error) = Repository.Run(
            "dotnet",
            [
                "msbuild", app, "-nodeReuse:false", "-p:DesignTimeBuild=true", "-p:BuildingProject=false", "-p:SkipCompilerExecution=true",
                "-p:ProvideCommandLineArgs=true", "-t:ResolveAssemblyReferencesDesignTime;Compile", "-getItem:ReferencePath",
            ],
            TimeSpan.FromMinutes(5),
            environment);
        return (exitCode, output, error);
    }

    /// <summary>A project file for <paramref name="frameworks"/> (one, or several split by ';') with these package references.</summary>
    public static string ProjectWith(string frameworks, string references) => $"""
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <OutputType>Exe</OutputType>
            <TargetFrameworks>{frameworks}</TargetFrameworks>
            <Nullable>enable</Nullable>
            <ImplicitUsings>enable</ImplicitUsings>
            <RollForward>Major</RollForward>
          </PropertyGroup>
          <ItemGroup>
            {references}
          </ItemGroup>
        </Project>
        """;

    public static void AssertRoundTrip(string output)
    {
        Assert.Contains("consumer: POST {\"name\":\"Ada\",\"age\":36} with Content-Length 23", output, StringComparison.Ordinal);
        Assert.Contains("consumer: GET Ada, 36", output, StringComparison.Ordinal);
    }

    /// <summary>
    /// The project file: RefitStj at the packed version, Refit at <paramref name="refitVersion"/> (none: what RefitStj's
    /// range picks). Only the .NET 10 runtime is installed here, so a net8.0 app runs its net8.0 assets rolled forward onto it.
    /// </summary>
    private static string Project(string framework, string version, string? refitVersion, string properties) => $"""
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <OutputType>Exe</OutputType>
            <TargetFramework>{framework}</TargetFramework>
            <Nullable>enable</Nullable>
            <ImplicitUsings>enable</ImplicitUsings>
            <RollForward>Major</RollForward>
            {properties}
          </PropertyGroup>
          <ItemGroup>
            <PackageReference Include="RefitStj" Version="{version}" />
            {(refitVersion is null ? "" : $"<PackageReference Include=\"Refit\" Version=\"{refitVersion}\" />")}
          </ItemGroup>
        </Project>
        """;

    /// <summary>The version of <paramref name="id"/> in the app's restore graph (obj/project.assets.json).</summary>
    private static string Resolved(string app, string id)
    {
        using var assets = JsonDocument.Parse(File.ReadAllText(Path.Combine(app, "obj", "project.assets.json")));
        var key = assets.RootElement.GetProperty("libraries").EnumerateObject().Single(l => l.Name.StartsWith(id + "/", StringComparison.Ordinal)).Name;
        return key[(id.Length + 1)..];
    }
}
