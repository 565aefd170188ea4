using System.ComponentModel;
using System.IO.Compression;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>The package as users get it: packed from the library, which compiles against the oldest Refit it supports.</summary>
public sealed class PackageTests : IClassFixture<PackageTests.PackedPackage>
{
    private readonly PackedPackage _package;

    public PackageTests(PackedPackage package) => _package = package;

    [Fact]
    public void Package_Ships_No_Refit_Assembly()
    {
        Assert.DoesNotContain(_package.Entries, e => Path.GetFileName(e).Equals("Refit.dll", StringComparison.OrdinalIgnoreCase));
    }

    [Theory]
    [InlineData("net8.0")]
    [InlineData("net10.0")]
    public void Package_Ships_The_Library_With_Docs_For(string framework)
    {
        Assert.Contains($"lib/{framework}/RefitStj.dll", _package.Entries);
        Assert.Contains($"lib/{framework}/RefitStj.xml", _package.Entries);
    }

    [Fact]
    public void Package_Ships_The_Context_Coverage_Analyzer_And_Its_Fix_Only_Where_The_Compiler_Loads_Them()
    {
        string[] analyzers = ["RefitStj.Analyzers.dll", "RefitStj.Analyzers.CodeFixes.dll"];

        Assert.Equal(analyzers.Select(a => $"analyzers/dotnet/cs/{a}").Order(StringComparer.Ordinal), _package.Entries.Where(e => e.StartsWith("analyzers/", StringComparison.Ordinal)).Order(StringComparer.Ordinal));
        Assert.DoesNotContain(_package.Entries, e => analyzers.Any(a => e.EndsWith(a, StringComparison.Ordinal)) && !e.StartsWith("analyzers/dotnet/cs/", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(".NETFramework8.0")]
    [InlineData("net8.0")]
    [InlineData("net10.0")]
    public void Every_Framework_Group_Depends_On_Refit_16_3_0_Or_Later(string framework)
    {
        if (framework.StartsWith(".NET", StringComparison.Ordinal))
        {
            // Only real target frameworks have groups; this row pins that no stray group exists.
            Assert.DoesNotContain(_package.DependencyGroups, g => g.Framework == framework);
            return;
        }

        var group = Assert.Single(_package.DependencyGroups, g => g.Framework.Equals(framework, StringComparison.OrdinalIgnoreCase));
        var refit = Assert.Single(group.Dependencies, d => d.Id == "Refit");
        Assert.Equal("16.3.0", refit.Version);
    }

    [Theory]
    [InlineData("net8.0", new[] { "Refit", "System.Net.ServerSentEvents" })]
    [InlineData("net10.0", new[] { "Refit" })]
    public void Package_Depends_On_Nothing_Else_Than(string framework, string[] ids)
    {
        Assert.Equal(2, _package.DependencyGroups.Count);
        var group = Assert.Single(_package.DependencyGroups, g => g.Framework.Equals(framework, StringComparison.OrdinalIgnoreCase));
        Assert.Equal(ids, group.Dependencies.Select(d => d.Id).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void Package_Carries_Its_Package_Readme_And_Mit_License()
    {
        Assert.Contains("PACKAGE.md", _package.Entries);
        Assert.Equal("MIT", _package.Metadata("license"));
        Assert.Equal("PACKAGE.md", _package.Metadata("readme"));
    }

    [Fact]
    public void Package_Readme_Renders_On_The_Package_Page_Without_The_Repository()
    {
        var text = File.ReadAllText(Path.Combine(Repository.Root, "PACKAGE.md"));

        // The package page resolves no relative link and shows no image from the repository.
        Assert.DoesNotMatch(@"\]\((?!https://)", text);
        Assert.DoesNotContain("<img", text, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("![", text, StringComparison.Ordinal);
        Assert.InRange(text.Length, 1, 5 * 1024);
    }

    [Fact]
    public void Package_Names_Its_Git_Repository_And_The_Commit_It_Was_Packed_From()
    {
        var repository = Assert.Single(_package.Nuspec.Descendants(), e => e.Name.LocalName == "repository");
        var commit = repository.Attribute("commit")?.Value;

        Assert.Equal("git", repository.Attribute("type")?.Value);
        if (GitHead() is { } head)
        {
            Assert.Matches("^[0-9a-f]{40}$", commit);
            Assert.Equal(head, commit);
        }
        else
        {
            // No git command or no repository here: the SDK reads .git itself, so a commit may still be there.
            Assert.True(commit is null || Regex.IsMatch(commit, "^[0-9a-f]{40}$"), commit);
        }
    }

    [Fact]
    public void Package_Version_Is_The_One_MinVer_Computes_From_The_Git_Tags()
    {
        // PackageVersionTests pins what MinVer computes for each kind of history; this pins that pack writes it.
        var computed = Repository.Dotnet(
            "msbuild", "src/RefitStj/RefitStj.csproj", "-t:MinVer", "-getProperty:PackageVersion", "-p:Configuration=Release", "-nodeReuse:false");

        Assert.Equal(computed.Trim(), _package.Metadata("version"));
    }

    [Fact]
    public void Packed_Package_Restores_Builds_And_Runs_In_A_Consumer_Project()
    {
        var output = _package.RunConsumer();

        Assert.Contains("consumer: POST {\"name\":\"Ada\",\"age\":36} with Content-Length 23", output, StringComparison.Ordinal);
        Assert.Contains("consumer: GET Ada, 36", output, StringComparison.Ordinal);
    }

    /// <summary>The repository's HEAD commit from <c>git rev-parse HEAD</c>, or <see langword="null"/> without git or a repository.</summary>
    private static string? GitHead()
    {
        try
        {
            var (exitCode, output, _) = Repository.Run("git", ["rev-parse", "HEAD"], TimeSpan.FromMinutes(1));
            return exitCode == 0 ? output.Trim() : null;
        }
        catch (Win32Exception)
        {
            return null;
        }
    }

    public sealed class PackedPackage : IDisposable
    {
        private readonly string _folder = Directory.CreateTempSubdirectory("refitstj-pack-").FullName;

        public PackedPackage()
        {
            Repository.Dotnet("pack", "src/RefitStj/RefitStj.csproj", "-c", "Release", "-o", _folder, "-nodeReuse:false");
            var nupkg = Directory.GetFiles(_folder, "RefitStj.*.nupkg").Single(f => !f.EndsWith(".snupkg", StringComparison.Ordinal));
            using var zip = ZipFile.OpenRead(nupkg);
            Entries = zip.Entries.Select(e => e.FullName).ToList();
            var nuspecEntry = zip.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal));
            using var stream = nuspecEntry.Open();
            Nuspec = XDocument.Load(stream);
            DependencyGroups = Nuspec.Descendants().Where(e => e.Name.LocalName == "group")
                .Select(g => new Group(
                    g.Attribute("targetFramework")!.Value,
                    g.Elements().Select(d => new Dependency(d.Attribute("id")!.Value, d.Attribute("version")!.Value)).ToList()))
                .ToList();
        }

        public IReadOnlyList<string> Entries { get; }

        /// <summary>
        /// Restores a new console project from the packed folder plus the machine's configured source (which serves
        /// Refit), builds it and runs it: a generated Refit client at the oldest supported Refit, with RefitStj as its
        /// serializer. The consumer's own packages folder keeps this build's RefitStj out of the machine's NuGet cache.
        /// </summary>
        public string RunConsumer()
        {
            var consumer = Directory.CreateDirectory(Path.Combine(_folder, "consumer")).FullName;
            File.WriteAllText(Path.Combine(consumer, "nuget.config"), $"""
                <configuration>
                  <config><add key="globalPackagesFolder" value="{Path.Combine(_folder, "packages")}" /></config>
                  <packageSources><add key="packed" value="{_folder}" /></packageSources>
                </configuration>
                """);
            File.WriteAllText(Path.Combine(consumer, "Consumer.csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <OutputType>Exe</OutputType>
                    <TargetFramework>net10.0</TargetFramework>
                    <Nullable>enable</Nullable>
                    <ImplicitUsings>enable</ImplicitUsings>
                    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="RefitStj" Version="{Version}" />
                    <PackageReference Include="Refit" Version="16.3.0" />
                  </ItemGroup>
                </Project>
                """);
            File.WriteAllText(Path.Combine(consumer, "Program.cs"), """
                using System.Net;
                using Refit;
                using RefitStj;

                var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(), Buffered = true };
                var api = RestService.For<IPeopleApi>(new HttpClient(new Echo()) { BaseAddress = new Uri("http://localhost") }, settings);
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
                """);
            return Repository.Dotnet("run", "--project", consumer, "-c", "Release", "-nodeReuse:false");
        }

        private string Version => Path.GetFileNameWithoutExtension(Directory.GetFiles(_folder, "RefitStj.*.nupkg").Single(f => !f.EndsWith(".snupkg", StringComparison.Ordinal)))["RefitStj.".Length..];

        public XDocument Nuspec { get; }

        public IReadOnlyList<Group> DependencyGroups { get; }

        public string? Metadata(string name) => Nuspec.Descendants().FirstOrDefault(e => e.Name.LocalName == name)?.Value;

        public void Dispose() => Directory.Delete(_folder, recursive: true);
    }

    public sealed record Group(string Framework, IReadOnlyList<Dependency> Dependencies);

    public sealed record Dependency(string Id, string Version);
}
