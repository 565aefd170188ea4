using System.IO.Compression;
using System.Xml.Linq;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Package;

/// <summary>The package tests share one packed package per run: packing is the expensive part.</summary>
[CollectionDefinition(Name)]
public sealed class SharesThePackedPackage : ICollectionFixture<PackedPackage>
{
    public const string Name = "Packed package";
}

/// <summary>
/// The package of the line this run was built for, packed once into a temporary folder: Refit 16's line by default, Refit
/// 17's when the tests were built with <c>-p:RefitVersion=17.0.0</c> (REFIT17).
/// </summary>
public sealed class PackedPackage : IDisposable
{
#if REFIT17
    /// <summary>The pack arguments that pick this run's line.</summary>
    private static readonly string[] s_line = ["-p:RefitVersion=17.0.0"];
#else
    private static readonly string[] s_line = [];
#endif

    private readonly string _folder = Directory.CreateTempSubdirectory("refitstj-pack-").FullName;

    public PackedPackage()
    {
        Repository.Dotnet(["pack", "src/RefitStj/RefitStj.csproj", "-c", "Release", .. s_line, "-o", _folder, "-nodeReuse:false"]);
        Nupkg = Directory.GetFiles(_folder, "RefitStj.*.nupkg").Single(f => !f.EndsWith(".snupkg", StringComparison.Ordinal));
        using var zip = ZipFile.OpenRead(Nupkg);
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

    /// <summary>The arguments that pack (and build) this run's line: empty for 16, <c>-p:RefitVersion=17.0.0</c> for 17.</summary>
    public static IReadOnlyList<string> LineArguments => s_line;

    public string Nupkg { get; }

    public string Version => Path.GetFileNameWithoutExtension(Nupkg)["RefitStj.".Length..];

    public IReadOnlyList<string> Entries { get; }

    public XDocument Nuspec { get; }

    public IReadOnlyList<Group> DependencyGroups { get; }

    public string? Metadata(string name) => Nuspec.Descendants().FirstOrDefault(e => e.Name.LocalName == name)?.Value;

    /// <summary>
    /// A new project folder that restores from the packed folder plus the machine's configured source (which serves
    /// Refit), into a packages folder of this run's own, so no RefitStj of another build in the machine's cache is used.
    /// </summary>
    public string NewApp(string name, string projectFile, string program)
    {
        var app = Directory.CreateDirectory(Path.Combine(_folder, name)).FullName;
        File.WriteAllText(Path.Combine(app, "nuget.config"), $"""
            <configuration>
              <config><add key="globalPackagesFolder" value="{Path.Combine(_folder, "packages")}" /></config>
              <packageSources><add key="packed" value="{_folder}" /></packageSources>
            </configuration>
            """);
        File.WriteAllText(Path.Combine(app, name + ".csproj"), projectFile);
        File.WriteAllText(Path.Combine(app, "Program.cs"), program);
        return app;
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    public sealed record Group(string Framework, IReadOnlyList<Dependency> Dependencies);

    public sealed record Dependency(string Id, string Version);
}
